export declare const STAMP_FILE: string;
export declare const BUILD_OUTPUTS: readonly string[];
export declare function sourceStamp(root?: string): string;
export declare function builtStamp(root?: string): string | null;
export declare function staleReason(root?: string): string | null;

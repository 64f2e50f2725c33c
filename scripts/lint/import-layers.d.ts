import type { Rule } from 'eslint';

export declare const importLayers: Rule.RuleModule;

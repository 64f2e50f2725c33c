/**
 * The web app's query key of a saved recipe, which the server render embeds (docs/seo.md); apart
 * from the schemas so that the pages importing it do not load zod.
 */
export const savedRecipeKey = (id: string, batchSizeL?: number) => ['recipes', 'saved', id, batchSizeL ?? null] as const;

import type { z } from 'zod';
import { fromOriginalNames, withOriginalNames, type OriginalNames } from './original-names.js';
import { ID_ORIGINAL_NAMES } from './ids.js';
import { PRODUCT_FIELD_ORIGINAL_NAMES } from './products.js';

/**
 * The API's edge (docs/decisions/032-true-names-at-the-edge.md): every answer is sent, and every
 * posted body read, through these two, by the route's own schema. The order's original shape
 * (`shippingAddress`, company-named methods) is its own adapter, ./orders.ts.
 */
const ORIGINAL_NAMES: OriginalNames = new Map<z.core.$ZodType, string>([...ID_ORIGINAL_NAMES, ...PRODUCT_FIELD_ORIGINAL_NAMES]);

/** A value of `schema` as the API answers it: the original names beside the true ones. */
export const toWire = (schema: z.core.$ZodType, value: unknown): unknown => withOriginalNames(schema, value, ORIGINAL_NAMES);

/** The same as JSON, e.g. for an answer kept ready in a cache. */
export const toWireJson = (schema: z.core.$ZodType, value: unknown): string => JSON.stringify(toWire(schema, value));

/** A body posted for `schema`, its original names turned into the true ones before it is validated. */
export const fromWire = (schema: z.core.$ZodType, value: unknown): unknown => fromOriginalNames(schema, value, ORIGINAL_NAMES);

import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ATTRIBUTE_PARAM_PREFIX } from '../../../shared/attribute-params';
import { formatPriceRange, parsePriceRange, PRICE_PARAM } from '../../../shared/price-range';
import type { Facet } from '../../../shared/categories';
import { useLanguage, useT } from '../../i18n';

/** Whether a parameter is one of the filter panel's: an attribute's or the price range. */
export const isFilterParam = (key: string) => key.startsWith(ATTRIBUTE_PARAM_PREFIX) || key === PRICE_PARAM;

/** The `attr.*` and `price` parameters of the page's address: the filters a shared link carries (the server renders them too). */
export function attributeParams(searchParams: URLSearchParams): Record<string, string> | undefined {
  const entries = [...searchParams.entries()].filter(([key, value]) => isFilterParam(key) && value.trim());
  return entries.length ? Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b))) : undefined;
}

/**
 * The filter panel of a category page (docs/screens.md): the price range, a checkbox per value with
 * its count, a min–max pair per number (the facets' lowest and highest as hints), all in the address.
 * `onChange` sets or clears one parameter.
 */
export function AttributeFilters({
  facets,
  searchParams,
  onChange,
  onReset,
}: {
  facets: Facet[];
  searchParams: URLSearchParams;
  onChange: (param: string, value: string | undefined) => void;
  onReset: () => void;
}) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const active = Boolean(attributeParams(searchParams));
  const price = searchParams.get(PRICE_PARAM) ?? '';
  const priceRange = parsePriceRange(price);
  return (
    <section className="border rounded p-3 mb-3" aria-labelledby="filters-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 id="filters-title" className="h6 mb-0">
          {t.catalog.filters}
        </h2>
        {active && (
          <Button size="sm" variant="outline-secondary" onClick={onReset}>
            {t.catalog.resetFilters}
          </Button>
        )}
      </div>
      <div className="d-flex flex-wrap gap-4">
        <RangeFilter
          key={`${PRICE_PARAM}=${price}`}
          param={PRICE_PARAM}
          label={t.catalog.priceRange}
          unit={t.catalog.currency}
          hints={{ min: null, max: null }}
          initial={[priceRange?.min ?? null, priceRange?.max ?? null]}
          format={formatPriceRange}
          onChange={onChange}
        />
        {facets.map((facet) => {
          const param = `${ATTRIBUTE_PARAM_PREFIX}${facet.key}`;
          const label = language === 'en' ? facet.nameEn : facet.name;
          const current = searchParams.get(param) ?? '';
          if (facet.type === 'number') {
            return (
              <RangeFilter
                key={`${param}=${current}`}
                param={param}
                label={label}
                unit={facet.unit}
                hints={facet}
                initial={
                  (current.includes('..') ? current.split('..') : [current, current]).map((v) => (v ? Number(v) : null)) as [number | null, number | null]
                }
                format={(low, high) => {
                  const [from, to] = [low.trim().replace(',', '.'), high.trim().replace(',', '.')];
                  return from || to ? `${from}..${to}` : undefined;
                }}
                onChange={onChange}
              />
            );
          }
          const chosen = new Set(current.split(',').filter(Boolean));
          const toggle = (value: string) => {
            const next = new Set(chosen);
            if (next.has(value)) next.delete(value);
            else next.add(value);
            onChange(param, [...next].join(',') || undefined);
          };
          // A chosen value stays offered even when the other filters leave it no products.
          const values = [
            ...facet.values,
            ...[...chosen].filter((v) => !facet.values.some((f) => f.value === v)).map((v) => ({ value: v, name: v, nameEn: v, count: 0 })),
          ];
          return (
            <fieldset key={param} className="mb-0">
              <legend className="fs-6 fw-semibold mb-1">{label}</legend>
              {values.map((v) => (
                <Form.Check
                  key={v.value}
                  id={`${param}-${v.value}`}
                  type="checkbox"
                  checked={chosen.has(v.value)}
                  onChange={() => toggle(v.value)}
                  label={`${language === 'en' ? v.nameEn : v.name} (${v.count})`}
                />
              ))}
            </fieldset>
          );
        })}
      </div>
    </section>
  );
}

/** A min–max pair; a decimal comma is accepted and `format` writes the parameter. */
function RangeFilter({
  param,
  label,
  unit,
  hints,
  initial,
  format,
  onChange,
}: {
  param: string;
  label: string;
  unit: string;
  /** The lowest and highest figure under the other filters, shown as placeholders. */
  hints: { min: number | null; max: number | null };
  initial: [number | null, number | null];
  format: (min: string, max: string) => string | undefined;
  onChange: (param: string, value: string | undefined) => void;
}) {
  const t = useT();
  const shown = (v: number | null) => (v === null || Number.isNaN(v) ? '' : String(v).replace('.', ','));
  const [min, setMin] = useState(shown(initial[0]));
  const [max, setMax] = useState(shown(initial[1]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(param, format(min, max));
  };
  const suffix = unit ? `, ${unit}` : '';
  return (
    <form onSubmit={submit} aria-label={label}>
      <fieldset className="mb-0">
        <legend className="fs-6 fw-semibold mb-1">
          {label}
          {suffix}
        </legend>
        <div className="d-flex align-items-center gap-1">
          <Form.Control
            size="sm"
            inputMode="decimal"
            style={{ width: '5.5rem' }}
            name={`${param}-min`}
            id={`${param}-min`}
            value={min}
            onChange={(e) => setMin(e.target.value)}
            placeholder={hints.min === null ? t.catalog.rangeFrom : shown(hints.min)}
            aria-label={`${label}${suffix}: ${t.catalog.rangeFrom}`}
          />
          <span aria-hidden>–</span>
          <Form.Control
            size="sm"
            inputMode="decimal"
            style={{ width: '5.5rem' }}
            name={`${param}-max`}
            id={`${param}-max`}
            value={max}
            onChange={(e) => setMax(e.target.value)}
            placeholder={hints.max === null ? t.catalog.rangeTo : shown(hints.max)}
            aria-label={`${label}${suffix}: ${t.catalog.rangeTo}`}
          />
          <Button type="submit" size="sm" variant="outline-primary">
            {t.catalog.applyFilter}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

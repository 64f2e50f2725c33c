import { formatNumber } from '../../../../shared/pricing.js';
import { useId, useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { branchTakes, type Branch, type BranchType, type City } from '../../../../shared/delivery';
import { Loader } from '../../../components/loader';
import { ErrorMessage } from '../../../components/message';
import { useT } from '../../../i18n';
import { checkoutTexts } from '../../../i18n/feature-texts/checkout';
import { useBranches, useDebounced } from '../api';

type Filter = BranchType | 'all';
const FILTERS: Filter[] = ['all', 'branch', 'locker'];

const kg = (value: number) => formatNumber(value, { min: 0, max: 2 });

interface Props {
  city: City;
  weightKg: number;
  chosen: Branch | null;
  onChoose: (branch: Branch) => void;
  error?: string;
  /** Shown when Nova Poshta fails: the field to type the branch by hand. */
  fallback: ReactNode;
}

/**
 * The branches and parcel lockers of the chosen settlement (docs/delivery.md): searched by number or
 * street as the shopper types, filtered by kind, each with its kind and weight limit. A point the
 * parcel is too heavy for cannot be chosen, and says why.
 */
export function BranchPicker({ city, weightKg, chosen, onChoose, error, fallback }: Props) {
  const t = useT(checkoutTexts);
  const id = useId();
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const q = useDebounced(text.trim(), 200);
  const branches = useBranches({ cityRef: city.ref, q, type: filter === 'all' ? undefined : filter });
  const list = branches.data?.branches ?? [];
  const total = branches.data?.total ?? 0;
  const searching = q !== '' || filter !== 'all';

  if (branches.isError) {
    return (
      <div className="mb-3">
        <ErrorMessage error={branches.error} />
        {fallback}
      </div>
    );
  }

  const legendId = `${id}-legend`;
  return (
    <fieldset className="mb-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend id={legendId} className="form-label fs-6 mb-2">
        {t.checkout.branch}
      </legend>
      <div className="d-flex flex-wrap gap-2 mb-2 align-items-end">
        <Form.Group controlId={`${id}-search`} className="flex-grow-1">
          <Form.Label className="small mb-1">{t.checkout.branchSearch}</Form.Label>
          <Form.Control
            type="search"
            inputMode="search"
            autoComplete="off"
            placeholder={t.checkout.branchSearchPlaceholder}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
          />
        </Form.Group>
        <ToggleButtonGroup
          type="radio"
          name={`${id}-filter`}
          value={filter}
          onChange={(value: Filter) => setFilter(value)}
          aria-label={t.checkout.branchTypeFilter}
        >
          {FILTERS.map((value) => (
            <ToggleButton key={value} id={`${id}-filter-${value}`} value={value} variant="outline-primary" size="sm">
              {t.checkout.branchTypes[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </div>

      {chosen && (
        <p className="mb-2" role="status">
          <strong>{t.checkout.chosenBranch}:</strong> {chosen.description}
        </p>
      )}

      <div className="d-flex align-items-center gap-2 small text-body-secondary mb-1" role="status" aria-live="polite">
        {branches.isFetching && <Loader small />}
        {branches.isFetching && !branches.data
          ? t.checkout.loadingBranches
          : branches.isSuccess && total === 0
            ? searching
              ? t.checkout.noBranchesMatch
              : t.checkout.noBranches
            : total > list.length
              ? t.checkout.shownOf(list.length, total)
              : ''}
      </div>

      {list.length > 0 && (
        <div className="branch-options border rounded" role="radiogroup" aria-labelledby={legendId}>
          {list.map((branch) => {
            const fits = branchTakes(branch, weightKg);
            const reasonId = `${id}-reason-${branch.ref}`;
            return (
              <Form.Check
                key={branch.ref}
                type="radio"
                id={`${id}-${branch.ref}`}
                name={`${id}-branch`}
                className="branch-option px-3 py-2 m-0 border-bottom"
                disabled={!fits}
                checked={chosen?.ref === branch.ref}
                onChange={() => onChoose(branch)}
                aria-describedby={fits ? undefined : reasonId}
                label={
                  <>
                    <span className="d-block">{branch.description}</span>
                    <span className="d-flex flex-wrap gap-1 mt-1">
                      <Badge bg={branch.type === 'locker' ? 'dark' : 'secondary'}>{t.checkout.branchTypeLabel[branch.type]}</Badge>
                      {branch.maxWeightKg !== null && (
                        <Badge bg="light" text="dark" className="border">
                          {t.checkout.branchLimit(branch.maxWeightKg)}
                        </Badge>
                      )}
                    </span>
                    {!fits && (
                      <span id={reasonId} className="d-block small text-danger mt-1">
                        {t.checkout.tooHeavy(kg(weightKg), kg(branch.maxWeightKg!))}
                      </span>
                    )}
                  </>
                }
              />
            );
          })}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      {weightKg > 0 && <Form.Text className="d-block">{t.checkout.parcelWeight(kg(weightKg))}</Form.Text>}
      {branches.data?.demo && <Form.Text className="d-block">{t.checkout.demoBranches}</Form.Text>}
    </fieldset>
  );
}

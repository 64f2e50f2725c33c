import { formatNumber } from '../../../shared/pricing.js';
import { useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Card, Col, Form, ListGroup, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { Message } from '../../components/message';
import { notify } from '../../components/notify';
import { formatUah } from '../../components/format';
import { useT } from '../../i18n';
import { recipeTexts } from '../../i18n/feature-texts/recipes';
import { paths } from '../../../shared/routes';
import { useCart, type CartItem } from '../../stores/cart';
import { fromMinor } from '../../../shared/pricing';
import { compareIbu, chosenCandidate, offeredChoices, planPurchase, type MatchSelection, type PlanLine, type PurchasePlan } from '../../../shared/recipes/plan';
import { MAX_BATCH_L, MIN_BATCH_L, type IngredientMatch, type Recipe, type RecipeMatch } from '../../../shared/recipes/schema';

function confidenceLevel(confidence: number): 'high' | 'medium' | 'low' {
  return confidence >= 0.85 ? 'high' : confidence >= 0.6 ? 'medium' : 'low';
}

export interface RecipeChoices {
  selection: MatchSelection;
  milled: boolean;
}

/**
 * A matched recipe: its figures, every line with its candidates and packs, the volume, the milling
 * and "Додати все в кошик"; the import page and a saved recipe's page both show it.
 */
export function RecipeResult({
  recipe,
  match,
  title,
  initial,
  onRescale,
  brewAgain,
  actions,
}: {
  recipe: Recipe;
  match: RecipeMatch;
  /** The heading: the recipe's name on the import page, the saved name (an h1) on a saved recipe's page. */
  title?: ReactNode;
  initial?: RecipeChoices;
  onRescale: (batchSizeL: number) => void;
  /** A saved recipe: the cart button matches again against today's stock first ("Зварити ще раз"). */
  brewAgain?: () => Promise<RecipeMatch>;
  /** Beside the cart button (saving the recipe). */
  actions?: (choices: RecipeChoices) => ReactNode;
}) {
  const t = useT(recipeTexts);
  const [selection, setSelection] = useState<MatchSelection>(initial?.selection ?? {});
  const [milled, setMilled] = useState(initial?.milled ?? false);
  const [volume, setVolume] = useState(String(match.batchSizeL));
  const [added, setAdded] = useState<number | null>(null);
  const [brewing, setBrewing] = useState(false);
  const plan = useMemo(() => planPurchase(match, selection, { milled }), [match, selection, milled]);
  const ibu = useMemo(() => compareIbu(recipe, match, selection), [recipe, match, selection]);
  const lineOf = (key: string) => plan.lines.find((l) => l.ingredientKeys.includes(key));
  const buyable = match.ingredients.filter((i) => i.status !== 'not-sold');
  const notSold = match.ingredients.filter((i) => i.status === 'not-sold');
  const volumeNumber = Number(volume.replace(',', '.'));
  const volumeValid = volumeNumber >= MIN_BATCH_L && volumeNumber <= MAX_BATCH_L;

  const addAll = async () => {
    if (!brewAgain) {
      setAdded(addPlanToCart(plan, recipe.name));
      return;
    }
    setBrewing(true);
    try {
      // Today's stock and alpha: the choices stand where their products are still offered.
      const fresh = await brewAgain();
      setAdded(addPlanToCart(planPurchase(fresh, offeredChoices(fresh, selection), { milled }), recipe.name));
    } catch (error) {
      notify.failure(error);
    } finally {
      setBrewing(false);
    }
  };

  return (
    <section aria-labelledby="recipe-name">
      {title ?? (
        <h2 id="recipe-name" className="h3">
          {recipe.name}
        </h2>
      )}
      <p className="text-body-secondary">{t.recipes.summary({ style: recipe.style, batch: match.batchSizeL })}</p>
      <dl className="row small recipe-figures">
        {recipe.og && <Figure term={t.recipes.og} value={recipe.og.toFixed(3)} />}
        {recipe.fg && <Figure term={t.recipes.fg} value={recipe.fg.toFixed(3)} />}
        {recipe.abv !== null && <Figure term={t.recipes.abv} value={`${formatNumber(recipe.abv)} %`} />}
        {recipe.colorEbc !== null && <Figure term={t.recipes.color} value={`${Math.round(recipe.colorEbc)} EBC`} />}
        <Figure term={t.recipes.ibuRecipe} value={t.recipes.ibuValue(ibu.recipe ?? ibu.designed)} />
        <Figure term={t.recipes.ibuChosen} value={t.recipes.ibuValue(ibu.withChosenHops)} testId="ibu-chosen" />
      </dl>
      <Form
        className="d-flex align-items-end gap-2 mb-3 flex-wrap"
        onSubmit={(e) => {
          e.preventDefault();
          if (volumeValid) onRescale(volumeNumber);
        }}
      >
        <Form.Group controlId="recipe-volume">
          <Form.Label>{t.recipes.volume}</Form.Label>
          <Form.Control
            type="number"
            inputMode="decimal"
            min={MIN_BATCH_L}
            max={MAX_BATCH_L}
            step="0.5"
            value={volume}
            onChange={(e) => setVolume(e.target.value)}
            style={{ maxWidth: 140 }}
            isInvalid={!volumeValid}
          />
        </Form.Group>
        <Button type="submit" variant="outline-primary" disabled={!volumeValid || volumeNumber === match.batchSizeL}>
          {t.recipes.rescale}
        </Button>
      </Form>

      <ListGroup as="ul" className="mb-3" aria-label={t.recipes.title}>
        {buyable.map((ingredient) => (
          <IngredientRow
            key={ingredient.key}
            ingredient={ingredient}
            selection={selection}
            line={lineOf(ingredient.key)}
            onChoose={(productId) => setSelection((s) => ({ ...s, [ingredient.key]: productId }))}
          />
        ))}
      </ListGroup>

      {notSold.length > 0 && (
        <Card className="mb-3" as="section" aria-labelledby="not-sold">
          <Card.Body>
            <h3 id="not-sold" className="h6">
              {t.recipes.notSold}
            </h3>
            <ul className="mb-0 small">
              {notSold.map((i) => (
                <li key={i.key}>
                  <strong>{i.name}</strong> — {i.note}
                </li>
              ))}
            </ul>
          </Card.Body>
        </Card>
      )}

      <Card as="section" aria-labelledby="recipe-total" className="mb-4">
        <Card.Body>
          <Form.Check
            type="switch"
            id="recipe-milled"
            label={t.recipes.milled}
            checked={milled}
            onChange={(e) => setMilled(e.target.checked)}
            className="mb-2"
          />
          <h3 id="recipe-total" className="h5 mb-1">
            {t.recipes.total}: <span data-testid="recipe-cost">{formatUah(fromMinor(plan.costMinor))}</span>
          </h3>
          <p className="small text-body-secondary mb-2">
            {t.recipes.weight(plan.weightKg)}
            {plan.leftOut.length > 0 && ` · ${t.recipes.leftOut(plan.leftOut.length)}`}
          </p>
          {plan.lines.length === 0 ? (
            <Message variant="warning">{t.recipes.nothingToBuy}</Message>
          ) : (
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <Button onClick={() => void addAll()} size="lg" disabled={brewing}>
                {brewAgain ? t.recipes.brewAgain : t.recipes.addAll}
              </Button>
              {actions?.({ selection, milled })}
            </div>
          )}
          {added !== null && (
            <p role="status" className="mt-2 mb-0">
              {t.recipes.added(added)} · <Link to={paths.cart}>{t.recipes.goToCart}</Link>
            </p>
          )}
        </Card.Body>
      </Card>
    </section>
  );
}

function Figure({ term, value, testId }: { term: string; value: string; testId?: string }) {
  return (
    <div className="col-6 col-md-4 col-lg-2">
      <dt className="fw-normal text-body-secondary">{term}</dt>
      <dd className="fw-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function IngredientRow({
  ingredient,
  selection,
  line,
  onChoose,
}: {
  ingredient: IngredientMatch;
  selection: MatchSelection;
  line: PlanLine | undefined;
  onChoose: (productId: string | null) => void;
}) {
  const t = useT(recipeTexts);
  const chosen = chosenCandidate(ingredient, selection);
  const level = chosen ? confidenceLevel(chosen.confidence) : null;
  const value = selection[ingredient.key] === null ? '' : (chosen?.productId ?? '');
  return (
    <ListGroup.Item as="li" className="py-3" data-ingredient={ingredient.key}>
      <Row className="g-2 align-items-start">
        <Col xs={12} md={4}>
          <div className="small text-body-secondary">{t.recipes.kinds[ingredient.kind]}</div>
          <div className="fw-semibold">{ingredient.name}</div>
          <div className="small text-body-secondary">{t.recipes.recipeAmount(ingredient.amountKg)}</div>
        </Col>
        <Col xs={12} md={5}>
          <Form.Select size="sm" aria-label={t.recipes.productFor(ingredient.name)} value={value} onChange={(e) => onChoose(e.target.value || null)}>
            {ingredient.candidates.map((c) => (
              <option key={c.productId} value={c.productId} disabled={!c.inStock}>
                {c.name}
                {c.inStock ? '' : ` — ${t.recipes.soldOut}`}
              </option>
            ))}
            <option value="">{t.recipes.skip}</option>
          </Form.Select>
          {chosen && (
            <div className="small mt-1">
              <Badge
                bg={level === 'high' ? 'success' : level === 'medium' ? 'light' : 'warning'}
                text={level === 'high' ? undefined : 'dark'}
                className={`me-1${level === 'medium' ? ' border' : ''}`}
              >
                {chosen.substitute ? t.recipes.substitute : t.recipes.confidence[level!]} · {Math.round(chosen.confidence * 100)} %
              </Badge>
              <span className="text-body-secondary">{chosen.reason}</span>
            </div>
          )}
          {ingredient.note && <div className="small text-warning-emphasis mt-1">{ingredient.note}</div>}
        </Col>
        <Col xs={12} md={3} className="small">
          {chosen && <div>{t.recipes.toBuy(chosen.amountKg)}</div>}
          {line && line.ingredientKeys[0] === ingredient.key && (
            <div data-testid="packs">
              {t.recipes.packs}: {line.packs.map((p) => `${p.qty} × ${p.pack.label}`).join(' + ')} · {formatUah(fromMinor(line.costMinor))}
              {line.leftoverKg > 0 && <div className="text-body-secondary">{t.recipes.leftover(line.leftoverKg)}</div>}
              {line.shortfallKg > 0 && <div className="text-danger">{t.recipes.shortfall(line.shortfallKg)}</div>}
            </div>
          )}
        </Col>
      </Row>
    </ListGroup.Item>
  );
}

/** Every chosen pack into the cart (a line already there grows); the number of lines added. */
export function addPlanToCart(plan: PurchasePlan, recipeName: string): number {
  const cart = useCart.getState();
  let count = 0;
  for (const line of plan.lines) {
    for (const { pack, qty } of line.packs) {
      const options = line.milled ? { milled: true as const } : undefined;
      const existing = cart.cartItems.find((item) => item.id === line.productId && item.variant === pack.id && Boolean(item.options?.milled) === line.milled);
      cart.addToCart(toCartLine(line, pack, (existing?.qty ?? 0) + qty, options, recipeName));
      count++;
    }
  }
  return count;
}

/** A cart line for a chosen pack; the cart refreshes the rest from the catalogue when opened. */
function toCartLine(line: PlanLine, pack: PlanLine['packs'][number]['pack'], qty: number, options: { milled: true } | undefined, recipe: string): CartItem {
  return {
    id: line.productId,
    slug: line.slug,
    name: line.name,
    image: line.image,
    description: '',
    category: line.category as CartItem['category'],
    producer: '',
    attributes: {},
    fermentationTemperature: null,
    fermentationType: null,
    cropYear: null,
    alphaAcid: null,
    qty,
    variant: pack.id,
    label: pack.label,
    price: pack.price,
    discount: pack.discount,
    countInStock: pack.countInStock,
    weight: pack.weight,
    ...(options ? { options } : {}),
    recipe,
  };
}

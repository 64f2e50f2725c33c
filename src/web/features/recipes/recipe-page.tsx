import { useState, type DragEvent } from 'react';
import { Button, Card, Form } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { notify } from '../../components/notify';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { recipeTexts } from '../../i18n/feature-texts/recipes';
import { paths } from '../../../shared/routes';
import { useAuth } from '../../stores/auth';
import type { RecipeImportResult } from '../../../shared/recipes/schema';
import { useImportRecipe, useSaveRecipe, type ImportRequest } from './api';
import { RecipeResult, type RecipeChoices } from './recipe-result';

/** `/recipe`: "Зварити за рецептом" — a BeerXML file becomes a cart (docs/recipes.md). */
export default function RecipePage() {
  const t = useT(recipeTexts);
  const importer = useImportRecipe();
  const [request, setRequest] = useState<ImportRequest | null>(null);
  const [pasted, setPasted] = useState('');
  const [dragging, setDragging] = useState(false);

  const load = (next: ImportRequest) => {
    setRequest(next);
    importer.mutate(next);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) load({ file });
  };

  return (
    <>
      <PageTitle title={t.recipes.title} />
      <h1 className="h2 mb-2">{t.recipes.title}</h1>
      <p className="text-body-secondary">{t.recipes.intro}</p>
      <Card className="mb-4">
        <Card.Body>
          <div
            className={`recipe-drop rounded border border-2 p-3 mb-3 ${dragging ? 'border-primary bg-body-tertiary' : 'border-dashed'}`}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <Form.Group controlId="recipe-file">
              <Form.Label className="fw-semibold">{t.recipes.fileLabel}</Form.Label>
              <Form.Control
                type="file"
                accept=".xml,.beerxml,.json,text/xml,application/xml,application/json"
                onChange={(e) => {
                  const file = (e.target as HTMLInputElement).files?.[0];
                  if (file) load({ file });
                }}
              />
              <Form.Text>{t.recipes.dropHint}</Form.Text>
            </Form.Group>
          </div>
          <Form
            onSubmit={(e) => {
              e.preventDefault();
              if (pasted.trim()) load({ file: new Blob([pasted], { type: 'text/xml' }) });
            }}
          >
            <Form.Group controlId="recipe-text" className="mb-2">
              <Form.Label>{t.recipes.pasteLabel}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                value={pasted}
                onChange={(e) => setPasted(e.target.value)}
                spellCheck={false}
                className="font-monospace small"
              />
            </Form.Group>
            <Button type="submit" variant="outline-primary" disabled={!pasted.trim() || importer.isPending}>
              {t.recipes.pasteSubmit}
            </Button>
          </Form>
        </Card.Body>
      </Card>

      {importer.isPending && (
        <div role="status" className="d-flex align-items-center gap-2 mb-3">
          <Loader small /> {t.recipes.reading}
        </div>
      )}
      {importer.isError && <ErrorMessage error={importer.error} />}
      {!importer.isPending && !importer.data && !importer.isError && <Message>{t.recipes.empty}</Message>}
      {importer.data && request && !importer.isPending && (
        <ImportedRecipe
          key={`${importer.data.recipeIndex}:${importer.data.match.batchSizeL}`}
          result={importer.data}
          onReload={(change) => load({ ...request, ...change })}
        />
      )}
    </>
  );
}

function ImportedRecipe({ result, onReload }: { result: RecipeImportResult; onReload: (change: Partial<ImportRequest>) => void }) {
  const t = useT(recipeTexts);
  return (
    <>
      {result.recipes.length > 1 && (
        <Form.Group controlId="recipe-choice" className="mb-3" style={{ maxWidth: 420 }}>
          <Form.Label>{t.recipes.chooseRecipe}</Form.Label>
          <Form.Select value={result.recipeIndex} onChange={(e) => onReload({ recipe: Number(e.target.value) })}>
            {result.recipes.map((r, i) => (
              <option key={i} value={i}>
                {r.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      <RecipeResult
        recipe={result.recipe}
        match={result.match}
        onRescale={(batchSizeL) => onReload({ batchSizeL })}
        actions={(choices) => <SaveRecipe result={result} choices={choices} />}
      />
    </>
  );
}

/** "Зберегти рецепт": a signed-in brewer keeps the recipe, its volume and choices under a link of its own. */
function SaveRecipe({ result, choices }: { result: RecipeImportResult; choices: RecipeChoices }) {
  const t = useT(recipeTexts);
  const signedIn = useAuth((s) => Boolean(s.userInfo));
  const save = useSaveRecipe();
  const navigate = useNavigate();
  if (!signedIn) {
    return (
      <Link to={paths.login(paths.recipe)} className="small">
        {t.recipes.signInToSave}
      </Link>
    );
  }
  const selection = Object.fromEntries(Object.entries(choices.selection).filter(([, v]) => v !== undefined)) as Record<string, string | null>;
  return (
    <Button
      variant="outline-primary"
      disabled={save.isPending}
      onClick={() =>
        save.mutate(
          { recipe: result.recipe, batchSizeL: result.match.batchSizeL, selection, milled: choices.milled },
          {
            onSuccess: (saved) => {
              notify.success(t.recipes.saved);
              void navigate(paths.savedRecipe(saved.id));
            },
            onError: (error) => notify.failure(error),
          },
        )
      }
    >
      {t.recipes.save}
    </Button>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router';
import { Loader } from '../../components/loader';
import { ErrorMessage } from '../../components/message';
import { notify } from '../../components/notify';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { recipeTexts } from '../../i18n/feature-texts/recipes';
import { paths } from '../../../shared/routes';
import { useAuth } from '../../stores/auth';
import { offeredChoices } from '../../../shared/recipes/plan';
import type { SavedRecipe } from '../../../shared/recipes/saved';
import { savedRecipeQuery, useDeleteRecipe, useMyRecipes, useUpdateRecipe } from './api';
import { RecipeResult } from './recipe-result';

/**
 * `/recipe/{id}`: a saved recipe, rendered on the server for anyone with the link (docs/recipes.md),
 * matched against today's stock; its owner may rename or delete it.
 */
export default function SavedRecipePage() {
  const t = useT(recipeTexts);
  const { id = '' } = useParams();
  const [batchSizeL, setBatchSizeL] = useState<number>();
  const { data, error, isPending } = useQuery(savedRecipeQuery(id, batchSizeL));
  const client = useQueryClient();

  if (isPending) return <Loader />;
  if (error || !data) {
    return (
      <>
        <PageTitle title={t.recipes.notFound} />
        <h1 className="h2">{t.recipes.notFound}</h1>
        <ErrorMessage error={error} />
        <Link to={paths.recipe}>{t.recipes.title}</Link>
      </>
    );
  }
  return (
    <>
      <PageTitle title={data.name} />
      <RecipeResult
        key={data.match.batchSizeL}
        recipe={data.recipe}
        match={data.match}
        title={<SavedTitle saved={data} />}
        initial={{ selection: offeredChoices(data.match, data.selection), milled: data.milled }}
        onRescale={setBatchSizeL}
        brewAgain={async () => (await client.fetchQuery({ ...savedRecipeQuery(id, batchSizeL), staleTime: 0 })).match}
      />
    </>
  );
}

function SavedTitle({ saved }: { saved: SavedRecipe }) {
  const t = useT(recipeTexts);
  const signedIn = useAuth((s) => Boolean(s.userInfo));
  // Ownership is the owner's list: no extra request for a guest, and the server-drawn markup stays as is.
  const mine = useMyRecipes(signedIn).data?.recipes.some((r) => r.id === saved.id) ?? false;
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(saved.name);
  const update = useUpdateRecipe(saved.id);
  const remove = useDeleteRecipe();
  const navigate = useNavigate();
  const trimmed = name.trim();

  return (
    <div className="mb-2">
      {renaming ? (
        <Form
          className="d-flex flex-wrap gap-2 align-items-end mb-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!trimmed) return;
            update.mutate({ name: trimmed }, { onSuccess: () => setRenaming(false), onError: (err) => notify.failure(err) });
          }}
        >
          <Form.Group controlId="recipe-rename" className="flex-grow-1" style={{ maxWidth: 480 }}>
            <Form.Label>{t.recipes.name}</Form.Label>
            <Form.Control value={name} maxLength={120} onChange={(e) => setName(e.target.value)} isInvalid={!trimmed} />
          </Form.Group>
          <Button type="submit" disabled={!trimmed || update.isPending}>
            {t.recipes.saveName}
          </Button>
          <Button variant="link" onClick={() => setRenaming(false)}>
            {t.recipes.cancel}
          </Button>
        </Form>
      ) : (
        <h1 id="recipe-name" className="h2 mb-1">
          {saved.name}
        </h1>
      )}
      <p className="small text-body-secondary mb-2">
        {saved.name !== saved.recipe.name && `${saved.recipe.name} · `}
        {t.recipes.savedOn(saved.createdAt)} · {t.recipes.todayMatch}
      </p>
      {mine && !renaming && (
        <div className="d-flex gap-2 mb-3">
          <Button size="sm" variant="outline-secondary" onClick={() => setRenaming(true)}>
            {t.recipes.rename}
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            disabled={remove.isPending}
            onClick={() => {
              if (!window.confirm(t.recipes.confirmDelete(saved.name))) return;
              remove.mutate(saved.id, {
                onSuccess: () => {
                  notify.success(t.recipes.deleted);
                  void navigate(paths.profile);
                },
                onError: (err) => notify.failure(err),
              });
            }}
          >
            {t.recipes.delete}
          </Button>
        </div>
      )}
    </div>
  );
}

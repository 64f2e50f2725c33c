import { Button, ListGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { notify } from '../../components/notify';
import { useT } from '../../i18n';
import { recipeTexts } from '../../i18n/feature-texts/recipes';
import { paths } from '../../../shared/routes';
import { useDeleteRecipe, useMyRecipes } from './api';

/** "Мої рецепти" in the profile (docs/screens.md): the saved recipes, newest first, to open or delete. */
export function MyRecipes() {
  const t = useT(recipeTexts);
  const { data, isPending, error } = useMyRecipes(true);
  const remove = useDeleteRecipe();
  return (
    <section aria-labelledby="my-recipes" className="mb-4">
      <h2 id="my-recipes" className="mb-3">
        {t.recipes.myRecipes}
      </h2>
      {isPending ? (
        <Loader />
      ) : error || !data ? (
        <ErrorMessage error={error} />
      ) : data.recipes.length === 0 ? (
        <Message>
          {t.recipes.noRecipes} <Link to={paths.recipe}>{t.recipes.title}</Link>
        </Message>
      ) : (
        <ListGroup as="ul">
          {data.recipes.map((r) => (
            <ListGroup.Item as="li" key={r.id} className="d-flex flex-wrap align-items-center gap-2">
              <div className="me-auto">
                <Link to={paths.savedRecipe(r.id)} className="fw-semibold">
                  {r.name}
                </Link>
                <div className="small text-body-secondary">
                  {[r.style, t.recipes.litres(r.batchSizeL), t.recipes.savedOn(r.createdAt)].filter(Boolean).join(' · ')}
                </div>
              </div>
              <Link to={paths.savedRecipe(r.id)} className="btn btn-sm btn-outline-primary">
                {t.recipes.open}
              </Link>
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={`${t.recipes.delete}: ${r.name}`}
                disabled={remove.isPending}
                onClick={() => {
                  if (!window.confirm(t.recipes.confirmDelete(r.name))) return;
                  remove.mutate(r.id, { onSuccess: () => notify.success(t.recipes.deleted), onError: (err) => notify.failure(err) });
                }}
              >
                {t.recipes.delete}
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}

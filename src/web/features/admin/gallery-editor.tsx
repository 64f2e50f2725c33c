import { useState, type ChangeEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import { FaArrowDown, FaArrowUp, FaTrash } from 'react-icons/fa';
import { IMAGE_ALT_MAX, MAX_PRODUCT_IMAGES } from '../../../shared/product-images';
import type { ProductUpdate, ProductUpdateInput } from '../../../shared/products';
import { Loader } from '../../components/loader';
import { notify } from '../../components/notify';
import { useT } from '../../i18n';
import { adminTexts } from '../../i18n/feature-texts/admin';
import { useUploadImage } from './products-api';

const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * The product's pictures in the editor (docs/screens.md): several uploaded at once, each with its alt
 * texts, reordered by buttons (the keyboard's way, no dragging needed) and removed one by one. The
 * first is the main picture.
 */
export function GalleryEditor({
  control,
  register,
  productName,
  onUploading,
}: {
  control: Control<ProductUpdateInput, unknown, ProductUpdate>;
  register: UseFormRegister<ProductUpdateInput>;
  productName: string;
  onUploading: (busy: boolean) => void;
}) {
  const t = useT(adminTexts);
  const text = t.admin.productEdit;
  const { fields, append, move, remove } = useFieldArray({ control, name: 'images' });
  const upload = useUploadImage();
  const [pending, setPending] = useState(0);
  const [announcement, setAnnouncement] = useState('');

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])].slice(0, MAX_PRODUCT_IMAGES - fields.length);
    input.value = '';
    const fitting = files.filter((file) => file.size <= MAX_UPLOAD_BYTES);
    if (fitting.length < files.length) notify.error(text.uploadTooLarge);
    if (!fitting.length) return;
    setPending(fitting.length);
    onUploading(true);
    let done = 0;
    // One after another, in the order chosen: the gallery keeps that order.
    for (const file of fitting) {
      try {
        const result = await upload.mutateAsync(file);
        append({ url: result.image, alt: productName, altEn: '' }, { shouldFocus: false });
        done++;
      } catch (error) {
        notify.failure(error);
      }
      setPending((n) => n - 1);
    }
    onUploading(false);
    if (done) notify.success(text.uploadedCount(done));
  };

  const moveTo = (from: number, to: number) => {
    move(from, to);
    setAnnouncement(text.imageMoved(to + 1));
    // The button pressed moves with its picture; keep the keyboard on it.
    const direction = to < from ? 'up' : 'down';
    requestAnimationFrame(() => {
      const target = document.getElementById(`image-${to}-${direction}`) as HTMLButtonElement | null;
      (target && !target.disabled ? target : document.getElementById(`image-${to}-alt`))?.focus();
    });
  };

  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold mb-1">{text.gallery}</legend>
      <p className="small text-body-secondary mb-2">{text.galleryHint}</p>
      <Form.Group controlId="image-files" className="mb-2">
        <Form.Label>{text.uploadMany}</Form.Label>
        <Form.Control
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => void onFiles(e as ChangeEvent<HTMLInputElement>)}
          disabled={pending > 0 || fields.length >= MAX_PRODUCT_IMAGES}
          aria-describedby="image-files-hint"
        />
        <Form.Text id="image-files-hint">{text.uploadManyHint}</Form.Text>
      </Form.Group>
      {pending > 0 && (
        <div className="mb-2 d-flex align-items-center gap-2" role="status">
          <Loader small /> <span>{text.uploadingCount(pending)}</span>
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {fields.length === 0 ? (
        <p className="text-body-secondary">{text.galleryEmpty}</p>
      ) : (
        <ol className="list-unstyled mb-0">
          {fields.map((field, i) => (
            <li key={field.id} className="d-flex gap-2 align-items-start border rounded p-2 mb-2" data-testid="gallery-item">
              <img src={field.url} alt="" width={72} height={72} className="rounded bg-light" style={{ objectFit: 'contain' }} />
              <div className="flex-grow-1 min-w-0">
                {i === 0 && (
                  <Badge bg="success" className="mb-1">
                    {text.mainImage}
                  </Badge>
                )}
                <Form.Group controlId={`image-${i}-alt`} className="mb-1">
                  <Form.Label className="small mb-0">{text.imageAlt(i + 1)}</Form.Label>
                  <Form.Control size="sm" maxLength={IMAGE_ALT_MAX} {...register(`images.${i}.alt`)} />
                </Form.Group>
                <Form.Group controlId={`image-${i}-altEn`}>
                  <Form.Label className="small mb-0">{text.imageAltEn(i + 1)}</Form.Label>
                  <Form.Control size="sm" maxLength={IMAGE_ALT_MAX} lang="en" {...register(`images.${i}.altEn`)} />
                </Form.Group>
              </div>
              <div className="d-flex flex-column gap-1">
                <Button
                  id={`image-${i}-up`}
                  size="sm"
                  variant="outline-secondary"
                  disabled={i === 0}
                  onClick={() => moveTo(i, i - 1)}
                  aria-label={text.moveImageUp(i + 1)}
                >
                  <FaArrowUp aria-hidden />
                </Button>
                <Button
                  id={`image-${i}-down`}
                  size="sm"
                  variant="outline-secondary"
                  disabled={i === fields.length - 1}
                  onClick={() => moveTo(i, i + 1)}
                  aria-label={text.moveImageDown(i + 1)}
                >
                  <FaArrowDown aria-hidden />
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => {
                    remove(i);
                    setAnnouncement(text.imageRemoved);
                  }}
                  aria-label={text.removeImage(i + 1)}
                >
                  <FaTrash aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}

/** The legal pages (docs/domain.md): what other features use of them. */
export { useAdminLegal, usePreviewLegal, useSaveLegalPage } from './api';

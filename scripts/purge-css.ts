import purgeCss from '@fullhuman/postcss-purgecss';

/**
 * Drops the Bootstrap rules no screen uses from the built style sheet (docs/seo.md): every class
 * named in the web app's source or in react-bootstrap's is kept. react-bootstrap puts some class
 * names together at run time from a prefix and a prop ("btn-" + "outline-primary"), so those
 * families are kept whole. It runs before the file is named by its hash, so the name follows the content.
 */
const VARIANTS = '(primary|secondary|success|danger|warning|info|light|dark|link)';
const COMPOSED_AT_RUN_TIME = [
  new RegExp(`^btn-(outline-)?${VARIANTS}$`),
  new RegExp(`^(text|text-bg|bg|alert|border)-${VARIANTS}$`),
  /^btn-(sm|lg)$/,
  /^col-(sm-|md-|lg-|xl-)?\d+$/,
  /^g-\d$/,
  /^list-group-(flush|item-action)$/,
  /^(form-control|form-select)-(sm|lg)$/,
  /^table-(striped|hover|responsive)/,
  /^spinner-border/,
  /^is-(in)?valid$/,
  /^(in)?valid-feedback$/,
  /^(show|fade|active|disabled|collapse|collapsing)$/,
  // The admin's refund dialog (react-bootstrap's Modal names its parts from "modal" at run time).
  /^modal(-|$)/,
  /^btn-close/,
];

/** Bootstrap features react-bootstrap knows but no screen of the shop uses. */
const UNUSED = ['was-validated', 'form-floating', 'form-range', 'form-switch'];

export function purgeUnusedCss() {
  return purgeCss({
    content: ['src/web/**/*.{ts,tsx,html}', 'node_modules/react-bootstrap/esm/*.js'],
    // uPlot composes its class names at run time ("u-" + "legend"): the dashboard's chart keeps its sheet whole.
    safelist: { standard: COMPOSED_AT_RUN_TIME, greedy: [/Toastify/, /^u-/, /^uplot$/] },
    blocklist: UNUSED,
    // Custom properties no rule reads go too (most of Bootstrap's :root).
    variables: true,
  });
}

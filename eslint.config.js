// ESLint for the whole tree (docs/decisions/0164-lint-and-format.md); `npm run lint` runs it, and `npm test` runs that.
// Formatting is Prettier's job (.prettierrc.json), so no stylistic rule lives here. Rules are the plugins' recommended
// sets; each change below carries its reason.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Build output, local data, deploy and tool caches, drizzle's generated snapshots, served assets.
    ignores: [
      'dist/',
      'dist.next/',
      'dist.old/',
      '.data/',
      '.netlify/',
      '.astro/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'public/',
      'src/server/db/migrations/meta/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    // The tree holds browser code (islands, lib) and Node code (server, scripts) side by side; the layer guard
    // (src/layers.test.ts), not ESLint's globals, keeps browser code off Node's environment.
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // A leading underscore marks a value left unused on purpose; a rest sibling is how a key is dropped from an object.
      // A variable declared early so a closure can read it before its one assignment would be a const in its dead zone.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // A missing dependency is a bug unless the line says why (eslint-disable-next-line … -- reason).
      'react-hooks/exhaustive-deps': 'error',
      // Islands are rendered on the server, then hydrated: the browser-only state (the cart, the URL's query, the
      // session) is read in an effect after mount so hydration matches the static HTML, which is what this flags.
      'react-hooks/set-state-in-effect': 'off',
      // The hooks keep the latest props in a ref assigned during render (`latest.current = …`), so callbacks made
      // before a re-render read current values; six sites use this idiom on purpose (useEffectEvent may replace it).
      'react-hooks/refs': 'off',
    },
  },
  // eslint-plugin-astro's a11y set registers the jsx-a11y plugin itself (for .astro, as astro/jsx-a11y/*),
  // so the islands take jsx-a11y's recommended rules without registering the plugin a second time.
  ...astro.configs['flat/recommended'],
  ...astro.configs['flat/jsx-a11y-recommended'],
  {
    files: ['**/*.tsx'],
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Labels wrap their radio and a caption of two lines (label > span > span > text).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
      // A container may catch the Escape its controls bubble up (menus, search, chat), and a dialog's backdrop
      // may close on a mouse press since Escape closes it too; clicks and other keys on static elements stay refused.
      'jsx-a11y/no-static-element-interactions': [
        'error',
        { handlers: ['onClick', 'onMouseUp', 'onKeyPress', 'onKeyUp'], allowExpressionValues: true },
      ],
    },
  },
  {
    // These render only inside a dialog (the auth dialog, the quick-view drawer): moving focus into a dialog as it
    // opens is the ARIA dialog pattern. autoFocus stays refused on pages.
    files: ['src/islands/auth/*Form.tsx', 'src/islands/catalogue/PreviewDrawer.tsx'],
    rules: { 'jsx-a11y/no-autofocus': 'off' },
  },
  {
    files: ['**/*.astro'],
    // Spanish legal text keeps its no-break spaces ("N.° 29571"); strings and comments are skipped already.
    rules: { 'no-irregular-whitespace': ['error', { skipJSXText: true }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: {
      // Tests walk the JSON an answer parsed into; `unknown` there would only add casts that assert nothing.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['tests/e2e/**'],
    // Playwright reads a fixture's dependencies from its first parameter's destructuring: `async ({}, use)` is its idiom.
    rules: { 'no-empty-pattern': 'off' },
  },
);

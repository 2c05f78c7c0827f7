// ESLint: typescript-eslint (type-checked) plus the import directions of STYLE.md:
// web, server → contract, domain; domain → nothing of ours; routes never import repositories;
// server modules meet only at each other's index.ts; web features never import each other;
// no import cycles (docs/decisions/0013).
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The folders directly under `dir`: a new module or feature is covered by the zones below without editing this file. */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const SERVER = './apps/server/src';
const WEB = './apps/web/src';

/**
 * The server's zones: a module is reached only through its `index.ts` (its plugin, service API and
 * events); the layers below the modules (http, platform, integrations, db) import no module and
 * not the composition root; modules never import `app.ts` (their dependencies come from
 * `platform/context.ts`).
 */
const serverZones = [
  ...foldersOf(`${SERVER}/modules/`).map((name) => ({
    target: [
      `${SERVER}/modules/!(${name})/**/*`,
      `${SERVER}/*.ts`,
      `${SERVER}/{http,platform,integrations,db,cli}/**/*`,
    ],
    from: `${SERVER}/modules/${name}`,
    except: ['./index.ts'],
    message: `Import the ${name} module through modules/${name}/index.ts only (docs/decisions/0013).`,
  })),
  {
    target: [`${SERVER}/{http,platform,integrations}/**/*`, `${SERVER}/db/*.ts`, `${SERVER}/db/schema/**/*`],
    from: [`${SERVER}/modules`, `${SERVER}/app.ts`],
    message:
      'The layers below the modules (http, platform, integrations, db) never import a module or app.ts.',
  },
  {
    target: `${SERVER}/modules`,
    from: `${SERVER}/app.ts`,
    message: 'Modules take their dependencies from platform/context.ts (AppContext), never from app.ts.',
  },
];

/** The web app's zones: a feature imports lib/ and components/, never another feature or app/ (STYLE.md). */
const webZones = [
  ...foldersOf(`${WEB}/features/`).map((name) => ({
    target: `${WEB}/features/${name}`,
    from: `${WEB}/features`,
    // features/leads is the lead-form family every public page offers (issue 16): the one
    // feature others may import (its forms, dialogs and pages; its calls live in lib/api/leads).
    except: name === 'leads' ? [`./${name}`] : [`./${name}`, './leads'],
    message: 'Features never import each other (STYLE.md); move shared code to components/ui or lib.',
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'Features import only lib/ and components/ui/, never app/ (STYLE.md).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      'bench/results/**',
      'apps/server/drizzle/**',
      '**/*.mjs',
      '**/*.js',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.eslint.json', './apps/web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON bodies (typed `any`) and assert on them; the unsafe-* rules add noise there.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@atelier/|node:|fastify|drizzle|pg$|react)',
              message: 'domain is pure: it imports nothing of ours and no I/O.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'domain does no I/O.' }],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@atelier/(server|web)|node:|fastify|drizzle|react)',
              message: 'contract holds schemas only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '\\.repository\\.js$', message: 'Routes call services, never repositories (STYLE.md).' },
            { regex: '^drizzle-orm', message: 'Routes never touch SQL.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^fastify$', message: 'Services never see request/reply.' }] },
      ],
    },
  },
  {
    // React: the rules of hooks (and the React Compiler's checks) and accessibility of the markup.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@atelier/server|drizzle-orm|pg|fastify)',
              message: 'The web app talks only to /api.',
            },
          ],
        },
      ],
    },
  },
  {
    // Module faces and layer directions as import zones, and no import cycles, for the server and
    // the web app alike (docs/decisions/0013). Tests and test support may reach inside a module.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/testing.ts',
      'apps/server/src/test/**',
      'apps/web/src/test/**',
    ],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle parses every imported file: it must know they are TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['./tsconfig.eslint.json', './apps/web/tsconfig.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones, ...webZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // No module constructs an integration: buildApp builds each once and hands it over in AppContext.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration[source.value=/\\/integrations\\//] > ImportSpecifier[imported.name=/^(create|open)[A-Z]/]',
          message:
            'Modules never construct an integration: take it from AppContext (built once in buildApp, docs/decisions/0013).',
        },
      ],
    },
  },
);

// ESLint: typescript-eslint (type-checked) plus the import directions of STYLE.md:
// web, server → contract, domain; domain → nothing of ours; routes never import repositories;
// web features never import each other.
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
  // A file at depth d inside a feature reaches `features/` with d `../` and `src/` with d + 1:
  // neither another feature nor `app/` may be imported from there (STYLE.md import directions).
  ...[1, 2, 3, 4].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}(?!\\.\\./)`,
              message:
                'Features never import each other (STYLE.md); move shared code to components/ui or lib.',
            },
            {
              regex: `^(\\.\\./){${depth + 1}}(features|app)/`,
              message:
                'Features import only lib/ and components/ui/, never another feature or app/ (STYLE.md).',
            },
            {
              regex: '^(@atelier/server|drizzle-orm|pg|fastify)',
              message: 'The web app talks only to /api.',
            },
          ],
        },
      ],
    },
  })),
);

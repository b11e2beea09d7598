import path from 'node:path'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import react from '@vitejs/plugin-react'
import type { ChunkingContext } from 'rolldown'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { catalogSplit } from './scripts/catalog-split.ts'
import { type ChunkPlan, chunkPlan } from './scripts/chunk-plan.ts'

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080'
// One id per build: it busts the persisted query cache and tags Sentry releases.
const buildId = process.env.BUILD_ID ?? new Date().toISOString()

const web = (file: string) => path.resolve('src/web', file)
const plans = new WeakMap<ChunkingContext, ChunkPlan>()

/** Where each module goes (scripts/chunk-plan.ts), computed once per chunking pass. */
function planOf(ctx: ChunkingContext): ChunkPlan {
  let plan = plans.get(ctx)
  if (!plan) {
    plan = chunkPlan(
      {
        code: (id) => ctx.getModuleInfo(id)?.code ?? null,
        importedIds: (id) => ctx.getModuleInfo(id)?.importedIds ?? [],
        dynamicallyImportedIds: (id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
      },
      {
        entry: web('main.tsx'),
        // A signed-in start asks for the profile (main.tsx) with the HTTP client, then shows the layout.
        requests: [web('api/ky-client.ts'), web('app/signed-in-prefetch.ts')],
        layout: [web('app/dashboard-layout.tsx')],
        screens: [
          { name: 'set-lessons', module: web('features/scheduling/set-lessons-screen.tsx') },
          { name: 'my-lessons', module: web('app/my-lessons-route.tsx') },
        ],
      },
    )
    plans.set(ctx, plan)
  }
  return plan
}

export default defineConfig({
  define: {
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId),
  },
  // Babel (Lingui macros) runs before the React transform (docs/architecture.md "Runtime and toolchain").
  plugins: [
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
    catalogSplit(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The video SDK is a lazy chunk, kept out of the precache (docs/architecture.md "Loading");
        // so are the AI lesson's charts (loaded only when the progress tab opens).
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        globIgnores: ['**/vonage-*.js', '**/client-sdk-video*.js', '**/progress-tab-*.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // A classic script, so every browser can register it without `{ type: 'module' }`.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false, type: 'module' },
    }),
  ],
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: apiTarget, ws: true } },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the chunk graph the size budget reads (scripts/bundle-budget.ts).
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // React and the router change rarely and every page needs them: one long-cached chunk.
        // The rest of what the entry imports (the shell and the login) is one chunk too; so are
        // the signed-in start's, the dashboard's and each start screen's shared code
        // (scripts/chunk-plan.ts), so a cold page does not fetch dozens of small shared chunks.
        // Everything else is split by use: a page downloads only what it renders.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 3,
            },
            {
              name: (id, ctx) => (planOf(ctx).shell.has(id) ? 'shell' : null),
              debugName: 'shell',
              priority: 2,
            },
            { name: (id, ctx) => planOf(ctx).groups.get(id) ?? null, debugName: 'chunk plan', priority: 1 },
          ],
        },
      },
    },
  },
})

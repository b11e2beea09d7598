import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080'
// One id per build: it busts the persisted query cache and tags Sentry releases.
const buildId = process.env.BUILD_ID ?? new Date().toISOString()

export default defineConfig({
  define: {
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId),
  },
  // Babel (Lingui macros) runs before the React transform (ARCHITECTURE.md).
  plugins: [
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // spec: the video SDK is a lazy chunk, kept out of the precache (ARCHITECTURE.md)
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        globIgnores: ['**/vonage-*.js', '**/client-sdk-video*.js'],
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
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Libraries that change rarely get their own long-cached chunks, so an app update
        // downloads little. Only named packages: lazy ones (Sentry, Vonage) stay lazy.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-transition-group|react-remove-scroll[^\\/]*|react-number-format|react-style-singleton|use-callback-ref|use-sidecar|clsx)[\\/]/,
            },
          ],
        },
      },
    },
  },
})

import path from 'node:path'
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import type { Plugin } from 'vite'

// A page downloads the messages it shows, not the whole catalog (architecture.md "Loading"). In a
// production build every module of src/web registers the Polish (default) messages it uses, so
// they come with its chunk; English, the other locale, stays one chunk (src/locales/en.po) loaded
// when chosen. Development and tests load the whole catalogs (src/web/config/i18n.ts).

const REGISTRY = path.resolve('src/web/config/catalog-registry.ts')
const SPLIT_LOCALE = 'pl'
/** Lingui's compiled descriptors name their message by id: `{ id: "Xy12ab" }`, `<Trans id=…>`. */
const MESSAGE_ID = /\bid\s*:\s*["']([^"']+)["']/g

type Compiled = Record<string, unknown>

async function compileCatalog(locale: string): Promise<Compiled> {
  const config = getConfig({ cwd: process.cwd() })
  const compiled: Compiled = {}
  for (const catalog of await getCatalogs(config)) {
    const { messages } = await catalog.getTranslations(locale, {
      fallbackLocales: config.fallbackLocales,
      sourceLocale: config.sourceLocale,
    })
    const { source, errors } = createCompiledCatalog(locale, messages, { namespace: 'json' })
    if (errors.length) throw new Error(`The ${locale} catalog does not compile: ${errors[0]?.id}`)
    const parsed: unknown = JSON.parse(source)
    if (
      parsed &&
      typeof parsed === 'object' &&
      'messages' in parsed &&
      parsed.messages &&
      typeof parsed.messages === 'object'
    ) {
      Object.assign(compiled, parsed.messages)
    }
  }
  return compiled
}

/** The registration to put in front of a module that uses `ids` (null when it uses none). */
export function registration(code: string, catalog: Compiled, registry: string): string | null {
  const used: Compiled = {}
  for (const [, id = ''] of code.matchAll(MESSAGE_ID)) if (id in catalog) used[id] = catalog[id]
  if (Object.keys(used).length === 0) return null
  // Imports are evaluated first whatever their place, so this runs before the module's own code.
  // One line, so the module's own lines keep their numbers in the source map.
  return `import { registerMessages as __registerMessages } from ${JSON.stringify(registry)};__registerMessages(${JSON.stringify(SPLIT_LOCALE)}, ${JSON.stringify(used)});`
}

export function catalogSplit(): Plugin {
  let catalog: Compiled | undefined
  return {
    name: 'lektorium-catalog-split',
    apply: 'build',
    // After Lingui's macro has turned the texts into message ids.
    enforce: 'post',
    async buildStart() {
      catalog = await compileCatalog(SPLIT_LOCALE)
    },
    transform: {
      filter: { id: /[\\/]src[\\/]web[\\/].*\.tsx?$/ },
      handler(code, id) {
        if (!catalog || id === REGISTRY) return null
        const prefix = registration(code, catalog, REGISTRY)
        return prefix ? { code: prefix + code, map: null } : null
      },
    },
  }
}

// Lets the site-output plugin finish the build after every other plugin's postBuild: Docusaurus runs the postBuild
// steps of all plugins at once, and the brotli and gzip twins must include what the others write (the Markdown twins,
// the search index).
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';

/**
 * The tracked postBuild steps of this build. Docusaurus loads each plugin file afresh, so this module can be
 * evaluated more than once in one build: the list lives on the global object, under a registered symbol.
 */
const RUNNING = Symbol.for('jellyfish-docs.site-output.running-post-builds');
function running(): Array<Promise<unknown>> {
  const holder = globalThis as typeof globalThis & { [RUNNING]?: Array<Promise<unknown>> };
  holder[RUNNING] ??= [];
  return holder[RUNNING];
}

/** `plugin` with a postBuild that the site-output plugin waits for; the rest of the plugin is left as it is. */
export function tracked<Content>(plugin: Plugin<Content>): Plugin<Content> {
  const postBuild = plugin.postBuild;
  if (postBuild === undefined) return plugin;
  return {
    ...plugin,
    postBuild(props) {
      const done = Promise.resolve(postBuild.call(plugin, props));
      running().push(done);
      return done;
    },
  };
}

/** What a plugin package exports: the plugin function itself, or a module with it as `default` beside its statics. */
type PluginStatics = Pick<PluginModule, 'validateOptions' | 'validateThemeConfig' | 'getSwizzleComponentList' | 'getSwizzleConfig'>;
type PluginExports = PluginModule | (PluginStatics & { default: PluginModule });

/**
 * A plugin package's function with its instances {@link tracked}, and its option validation kept: looked up where
 * Docusaurus looks for it in a package (on `default`, then on the module).
 */
export function trackedModule(exports: PluginExports): PluginModule {
  const initializer = typeof exports === 'function' ? exports : exports.default;
  const statics: PluginStatics = typeof exports === 'function' ? {} : exports;
  const wrapped: PluginModule = async (context: LoadContext, options: unknown) => {
    const plugin = await initializer(context, options);
    return plugin ? tracked(plugin) : plugin;
  };
  wrapped.validateOptions = initializer.validateOptions ?? statics.validateOptions;
  wrapped.validateThemeConfig = initializer.validateThemeConfig ?? statics.validateThemeConfig;
  wrapped.getSwizzleComponentList = initializer.getSwizzleComponentList ?? statics.getSwizzleComponentList;
  wrapped.getSwizzleConfig = initializer.getSwizzleConfig ?? statics.getSwizzleConfig;
  return wrapped;
}

/**
 * Settles once the tracked postBuild steps have: Docusaurus calls every plugin's postBuild in one pass, so after a turn
 * of the event loop all of them have started. Rejects with the first failure.
 */
export async function trackedPostBuildsDone(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await Promise.all(running());
}

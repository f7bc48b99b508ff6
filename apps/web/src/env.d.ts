/// <reference types="vite/client" />
// virtual:pwa-register (src/serviceWorker); only the framework-free entry, not vite-plugin-pwa/client,
// which also declares the Vue, Svelte, Solid and Preact variants.
/// <reference types="vite-plugin-pwa/vanillajs" />

/** Injected by vite.config.ts `define`: the client version and build, sent in X-Pando-Client. */
declare const __PANDO_VERSION__: string;
declare const __PANDO_BUILD__: string;

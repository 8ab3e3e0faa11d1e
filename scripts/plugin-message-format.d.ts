// The package ships its code without its types; it is an inlang plugin like any other.
declare module "@inlang/plugin-message-format" {
  const plugin: import("@inlang/sdk").InlangPlugin;
  export default plugin;
}

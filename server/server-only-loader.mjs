// Route modules import "server-only" to keep them out of client bundles; in this plain Node
// process (no bundler, no react-server condition) that guard is an empty module.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: "data:text/javascript,export {}", shortCircuit: true };
  return nextResolve(specifier, context);
}

// Copies the browser builds of GraphiQL and React out of node_modules into static/vendor,
// the only place the app serves third-party assets from. Run by `npm run build` after
// `npm ci`; the copies are committed, so the Python package installs without npm.
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "static", "vendor");
const files = {
  "react.production.min.js": "react/umd/react.production.min.js",
  "react-dom.production.min.js": "react-dom/umd/react-dom.production.min.js",
  "graphiql.min.js": "graphiql/graphiql.min.js",
  "graphiql.min.css": "graphiql/graphiql.min.css",
};
mkdirSync(out, { recursive: true });
const versions = {};
for (const [name, source] of Object.entries(files)) {
  copyFileSync(join(here, "node_modules", source), join(out, name));
  const pkg = source.split("/")[0];
  versions[pkg] = JSON.parse(readFileSync(join(here, "node_modules", pkg, "package.json"), "utf8")).version;
}
// Their licences (MIT) travel with the copies.
for (const pkg of Object.keys(versions)) {
  copyFileSync(join(here, "node_modules", pkg, "LICENSE"), join(out, `${pkg}.LICENSE`));
}
console.log(`copied ${Object.keys(files).length} files to static/vendor:`, versions);

// What `require('heightfield-walker')` loads: the package entry instantiates its wasm core with top-level await,
// which require() cannot wait for, so CommonJS callers are told the two ways that work.
throw new Error(
  "heightfield-walker: the package entry instantiates its wasm core with top-level await, so require('heightfield-walker') cannot load it; use import, or `const { load } = require('heightfield-walker/load')` then `const walker = await load()` (require of an ES module needs Node >= 20.19).",
);

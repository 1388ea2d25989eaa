/**
 * The layers of the code base, checked on every `npm test` (`npm run lint:layers`). Arrows run one
 * way: worker → app → lib; islands and components never reach the server; Durable Objects stand
 * alone. docs/decisions/0021-code-shape-and-its-checks.md says why.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "An import cycle: split the module or pass the value in (type-only imports count too).",
      from: {},
      to: { circular: true },
    },
    {
      name: "app-not-to-worker",
      severity: "error",
      comment: "The worker builds on the app, never the other way round.",
      from: { path: "^app/" },
      to: { path: "^worker/" },
    },
    {
      name: "durable-objects-stand-alone",
      severity: "error",
      comment: "Durable Objects expose RPC methods and import nothing of app/ or worker/.",
      from: { path: "^durable-objects/" },
      to: { path: "^(app|worker)/" },
    },
    {
      name: "islands-not-to-server",
      severity: "error",
      comment: "Hydrated code must not pull server modules (D1, env, cookies) into the browser bundle.",
      from: { path: "^app/islands/" },
      to: { path: "(\\.server\\.ts$|^app/models/|^app/calls/|^db/|^worker/|^durable-objects/)" },
    },
    {
      name: "lib-is-pure",
      severity: "error",
      comment: "app/lib holds pure helpers shared by server and browser: no models, no storage.",
      from: { path: "^app/lib/" },
      to: { path: "(^app/(models|calls|routes|components|islands)/|^db/|^worker/|drizzle-orm|@remix-run)" },
    },
    {
      name: "models-return-data",
      severity: "error",
      comment: "Models return plain data or throw a DomainError; routes build Remix responses.",
      from: { path: "^app/models/" },
      to: { path: "(@remix-run|^app/(routes|components|islands)/)" },
    },
    {
      name: "views-never-touch-storage",
      severity: "error",
      comment: "Routes and components reach D1 only through a model.",
      from: { path: "^app/(routes|components)/" },
      to: { path: "(drizzle-orm|^db/)", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "components-not-to-models",
      severity: "error",
      comment: "Components render what they are given; only types may come from the models.",
      from: { path: "^app/components/" },
      to: { path: "(^app/models/|^app/calls/|\\.server\\.ts$)", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-orphans",
      severity: "error",
      comment: "A module nothing imports (knip also looks for unused exports).",
      from: {
        orphan: true,
        pathNot: [
          "(^|/)\\.[^/]+\\.(c|m)?js$",
          "\\.d\\.ts$",
          "(^|/)tsconfig\\.json$",
          "^app/(root|entry\\.server)\\.tsx$",
          "^app/routes/",
          "^app/islands/(client|toolbar-suggest|manifest\\.browser)\\.ts$",
          "^db/(seed/cli|schema/index)\\.ts$",
          "^tests/.*\\.(test|spec)\\.ts$",
          "^tests/(e2e/global-(setup|teardown)|integration/(setup|env\\.d)|load/bench)\\.ts$",
          "^scripts/",
          // wrangler.toml's [alias] puts it in place of @remix-run/router
          "^worker/route-match\\.ts$",
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules|\\.wrangler)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

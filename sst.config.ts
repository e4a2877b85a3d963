import type { SSTConfig } from "sst";
import { Api } from "./stacks/Api";
import { Events } from "./stacks/Events";
import { Storage } from "./stacks/Storage";
import { Web } from "./stacks/Web";

export default {
  config(_input) {
    return {
      name: "printhood",
      region: "us-east-1",
    };
  },
  stacks(app) {
    app.setDefaultFunctionProps({
      runtime: "nodejs20.x",
      architecture: "arm_64",
      // Minified: the size `npm run build:functions` measures and budgets (issue 13 point 5).
      nodejs: { format: "esm", minify: true },
    });
    if (app.stage !== "prod") app.setDefaultRemovalPolicy("destroy");
    // Order matters: each stack only `use()`s stacks created before it (no cycles).
    app.stack(Storage).stack(Events).stack(Api).stack(Web);
  },
} satisfies SSTConfig;

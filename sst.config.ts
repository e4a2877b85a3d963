import { Aspects, RemovalPolicy } from "aws-cdk-lib/core";
import type { SSTConfig } from "sst";
import { Api } from "./stacks/Api";
import { Events } from "./stacks/Events";
import { FUNCTION_COPY_FILES, FUNCTION_NODEJS } from "./stacks/function-build";
import { Monitoring } from "./stacks/Monitoring";
import { EveryFunctionLogsWithRetention, powertoolsLayer } from "./stacks/observability";
import { Storage } from "./stacks/Storage";
import { RemovableStage, stageSettings } from "./stacks/stage";
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
      // Minified, the AWS SDK from the runtime, zod in English, Stripe's used resources: the bundle
      // `npm run build:functions` measures and budgets (issue 13 point 5; stacks/function-build.ts).
      nodejs: FUNCTION_NODEJS,
      copyFiles: FUNCTION_COPY_FILES,
    });
    // Powertools comes from AWS's layer of the installed version (not bundled: stacks/function-build.ts).
    app.setDefaultFunctionProps((stack) => ({ layers: [powertoolsLayer(stack)] }));
    // What differs between stages is in stacks/stage.ts; these apply it to every resource of the app.
    const settings = stageSettings(app.stage);
    Aspects.of(app).add(new EveryFunctionLogsWithRetention(settings));
    if (settings.removalPolicy === RemovalPolicy.DESTROY) Aspects.of(app).add(new RemovableStage());
    // Order matters: each stack only `use()`s stacks created before it (no cycles).
    app.stack(Storage).stack(Events).stack(Api).stack(Web).stack(Monitoring);
  },
} satisfies SSTConfig;

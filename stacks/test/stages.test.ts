/**
 * What differs between stages (stacks/stage.ts), checked on the templates `npm run synth` writes
 * for `dev` and `prod` (issue 24 point 4), and the monitoring every stage gets (point 3).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { EVENT_RULES } from "../../packages/core/src/events/rules";
import { METRICS, metricNamespace } from "../../packages/core/src/ops/metrics";
import {
  deadLetterQueueName,
  deadLetterServices,
  functionName,
  functionServices,
  logGroupName,
} from "../../packages/core/src/ops/resources";
import { anchorOf, RUNBOOK, RUNBOOK_PATH } from "../alarms";
import { checkStripePublishableKey, knownSiteOrigin, stageSettings } from "../stage";
import { parseSynthArgs, synthesize } from "../synth";

type Resource = { Type: string; Properties?: any; DeletionPolicy?: string; UpdateReplacePolicy?: string };
type Templates = Map<string, { Resources: Record<string, Resource> }>;

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ALARM_EMAIL = "ops@printhood.example";
let dev: Templates;
let prod: Templates;

async function synth(stage: string, env: Record<string, string | undefined>): Promise<Templates> {
  const before = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
  try {
    const stacks = await synthesize(stage);
    return new Map(stacks.map((s) => [s.stackName.replace(`${stage}-printhood-`, ""), s.template as never]));
  } finally {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

beforeAll(async () => {
  dev = await synth("dev", { PRINTHOOD_ALARM_EMAIL: undefined });
  prod = await synth("prod", { PRINTHOOD_ALARM_EMAIL: ALARM_EMAIL });
}, 240_000);

const all = (t: Templates) => [...t.values()].flatMap((s) => Object.entries(s.Resources));
const ofType = (t: Templates, type: string) => all(t).filter(([, r]) => r.Type === type);
const one = (t: Templates, stack: string, type: string) => {
  const found = Object.entries(t.get(stack)?.Resources ?? {}).filter(([, r]) => r.Type === type);
  expect(found, `${stack} ${type}`).toHaveLength(1);
  return found[0]![1];
};

describe("stage settings (stacks/stage.ts)", () => {
  it("keeps logs 7 days in a developer's stage, 30 in staging, 90 in production", () => {
    expect(stageSettings("alice").logRetentionDays).toBe(7);
    expect(stageSettings("staging").logRetentionDays).toBe(30);
    expect(stageSettings("prod").logRetentionDays).toBe(90);
  });

  it("takes live Stripe keys in production only, and refuses a publishable key of the other kind", () => {
    expect([stageSettings("dev").stripeMode, stageSettings("staging").stripeMode, stageSettings("prod").stripeMode]).toEqual([
      "test",
      "test",
      "live",
    ]);
    expect(() => checkStripePublishableKey(stageSettings("prod"), "pk_test_123")).toThrow(
      /a test key, but stage "prod" takes live payments/,
    );
    expect(() => checkStripePublishableKey(stageSettings("dev"), "pk_live_123")).toThrow(/takes test payments/);
    expect(() => checkStripePublishableKey(stageSettings("prod"), "pk_live_123")).not.toThrow();
    expect(() => checkStripePublishableKey(stageSettings("prod"), undefined)).not.toThrow();
  });

  it("reads the alarm e-mail and the domain from the deploy's environment", () => {
    const env = { PRINTHOOD_ALARM_EMAIL: " ops@x.example ", PRINTHOOD_DOMAIN: "printhood.example" };
    expect(stageSettings("prod", env)).toMatchObject({ alarmEmail: "ops@x.example", domain: "printhood.example" });
    expect(stageSettings("prod", {})).toMatchObject({ alarmEmail: undefined, domain: undefined });
    expect(knownSiteOrigin(env)).toBe("https://printhood.example");
    expect(knownSiteOrigin({ APP_ORIGIN: "https://a.example/" })).toBe("https://a.example");
  });
});

describe("dev and prod differ only where stage.ts says", () => {
  it("protects the table in production: point-in-time recovery, deletion protection, kept when the stack goes", () => {
    const d = one(dev, "Storage", "AWS::DynamoDB::Table");
    const p = one(prod, "Storage", "AWS::DynamoDB::Table");
    expect(d.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: false });
    expect(p.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(d.Properties.DeletionProtectionEnabled).toBe(false);
    expect(p.Properties.DeletionProtectionEnabled).toBe(true);
    expect([d.DeletionPolicy, d.UpdateReplacePolicy]).toEqual(["Delete", "Delete"]);
    expect([p.DeletionPolicy, p.UpdateReplacePolicy]).toEqual(["Retain", "Retain"]);
  });

  it("versions the uploads bucket in production and keeps it; a developer's bucket empties itself and goes", () => {
    const d = one(dev, "Storage", "AWS::S3::Bucket");
    const p = one(prod, "Storage", "AWS::S3::Bucket");
    expect(p.Properties.VersioningConfiguration).toEqual({ Status: "Enabled" });
    const rules = (b: typeof p) =>
      b.Properties.LifecycleConfiguration.Rules as { NoncurrentVersionExpiration?: unknown; Prefix?: string }[];
    expect(rules(p).find((r) => r.NoncurrentVersionExpiration)?.NoncurrentVersionExpiration).toEqual({ NoncurrentDays: 30 });
    // Both stages drop photos' unprocessed originals (they carry the camera's EXIF).
    for (const b of [d, p]) expect(rules(b).some((r) => r.Prefix === "photos/")).toBe(true);
    expect(d.Properties.VersioningConfiguration).toBeUndefined();
    expect(p.DeletionPolicy).toBe("Retain");
    expect(d.DeletionPolicy).toBe("Delete");
    expect(d.Properties.Tags).toContainEqual({ Key: "aws-cdk:auto-delete-objects", Value: "true" });
    expect(ofType(dev, "Custom::S3AutoDeleteObjects").length).toBeGreaterThanOrEqual(1);
  });

  it("gives every function of ours AWS's Powertools layer of the installed version (Powertools is not bundled)", () => {
    const version = JSON.parse(readFileSync(join(ROOT, "node_modules/@aws-lambda-powertools/logger/package.json"), "utf8")).version;
    let checked = 0;
    for (const [name, template] of prod) {
      const t = template as { Resources: Record<string, Resource>; Parameters?: Record<string, { Default?: string }> };
      for (const [id, fn] of Object.entries(t.Resources).filter(([, r]) => r.Type === "AWS::Lambda::Function")) {
        if (!String(fn.Properties?.FunctionName ?? "").startsWith("prod-printhood-")) continue;
        const refs = (fn.Properties.Layers ?? []) as { Ref?: string }[];
        const defaults = refs.map((l) => (l.Ref ? t.Parameters?.[l.Ref]?.Default : undefined));
        expect(defaults, `${name} ${id}`).toContain(`/aws/service/powertools/typescript/generic/all/${version}`);
        checked++;
      }
    }
    expect(checked).toBe(functionServices().length);
  });

  it("removes a developer's stage cleanly: nothing in it is kept when its stacks are deleted", () => {
    const kept = all(dev).filter(([, r]) => r.DeletionPolicy === "Retain" || r.UpdateReplacePolicy === "Retain");
    expect(kept.map(([id]) => id)).toEqual([]);
  });

  it("gives every log group of both stages a retention: 7 days in dev, 90 in prod", () => {
    for (const [templates, days] of [
      [dev, 7],
      [prod, 90],
    ] as const) {
      const groups = ofType(templates, "AWS::Logs::LogGroup");
      expect(groups.length).toBeGreaterThanOrEqual(functionServices().length + 1); // + the API's access log
      for (const [id, group] of groups) expect(group.Properties?.RetentionInDays, id).toBe(days);
    }
  });

  it("sends every function's lines (ours, SST's and CDK's helpers) to one of those log groups", () => {
    for (const templates of [dev, prod]) {
      for (const [stackName, template] of templates) {
        for (const [id, fn] of Object.entries(template.Resources).filter(([, r]) => r.Type === "AWS::Lambda::Function")) {
          const ref = fn.Properties.LoggingConfig?.LogGroup?.Ref as string | undefined;
          expect(ref, `${stackName} ${id}`).toBeDefined();
          expect(template.Resources[ref!]?.Type, `${stackName} ${id}`).toBe("AWS::Logs::LogGroup");
        }
      }
    }
  });

  it("names our functions and their log groups after the stage, with the stage's namespace and Stripe mode", () => {
    for (const [stage, templates, mode] of [
      ["dev", dev, "test"],
      ["prod", prod, "live"],
    ] as const) {
      const fns = ofType(templates, "AWS::Lambda::Function").filter(([, r]) => r.Properties.FunctionName);
      expect(fns.map(([, r]) => r.Properties.FunctionName).sort()).toEqual(
        functionServices()
          .map((s) => functionName(stage, s))
          .sort(),
      );
      const groups = new Set(ofType(templates, "AWS::Logs::LogGroup").map(([, g]) => g.Properties.LogGroupName));
      for (const [, fn] of fns) {
        const service = fn.Properties.FunctionName.replace(`${stage}-printhood-`, "");
        expect(groups).toContain(logGroupName(stage, service));
        expect(fn.Properties.Environment.Variables).toMatchObject({
          POWERTOOLS_SERVICE_NAME: service,
          POWERTOOLS_METRICS_NAMESPACE: metricNamespace(stage),
          STRIPE_MODE: mode,
        });
        expect(fn.Properties.TracingConfig).toEqual({ Mode: "Active" });
      }
    }
  });

  it("e-mails production's alarms to the configured address; a developer's stage has no subscription", () => {
    expect(ofType(dev, "AWS::SNS::Subscription")).toEqual([]);
    const subs = ofType(prod, "AWS::SNS::Subscription");
    expect(subs.map(([, s]) => [s.Properties.Protocol, s.Properties.Endpoint])).toEqual([["email", ALARM_EMAIL]]);
  });
});

describe("switching a stage to a restored table (PRINTHOOD_TABLE_NAME)", () => {
  it("binds every function to the restored table and creates none", async () => {
    const restored = await synth("dev", { PRINTHOOD_TABLE_NAME: "dev-printhood-Table-restored" });
    expect(ofType(restored, "AWS::DynamoDB::Table")).toEqual([]);
    const fns = ofType(restored, "AWS::Lambda::Function").filter(([, r]) => r.Properties.FunctionName);
    expect(fns).toHaveLength(functionServices().length);
    for (const [, fn] of fns)
      expect(fn.Properties.Environment.Variables.TABLE_NAME, fn.Properties.FunctionName).toBe("dev-printhood-Table-restored");
    expect(JSON.stringify(ofType(restored, "AWS::IAM::Policy"))).toContain("table/dev-printhood-Table-restored");
  }, 120_000);
});

describe("monitoring (issue 24 point 3)", () => {
  const alarms = () => Object.values(prod.get("Monitoring")!.Resources).filter((r) => r.Type === "AWS::CloudWatch::Alarm");
  const topicId = () => Object.entries(prod.get("Monitoring")!.Resources).find(([, r]) => r.Type === "AWS::SNS::Topic")![0];
  const alarmNamed = (name: string) => alarms().find((a) => a.Properties.AlarmName === `prod-printhood-${name}`);

  it("puts every asynchronous function's failures in a dead-letter queue, and EventBridge's undelivered events in one", () => {
    const queues = new Map(ofType(prod, "AWS::SQS::Queue").map(([id, q]) => [id, q.Properties.QueueName]));
    expect([...queues.values()].sort()).toEqual(
      deadLetterServices()
        .map((s) => deadLetterQueueName("prod", s))
        .sort(),
    );
    for (const [, fn] of ofType(prod, "AWS::Lambda::Function").filter(([, r]) => r.Properties.FunctionName)) {
      const service = fn.Properties.FunctionName.replace("prod-printhood-", "");
      if (service === "api") continue;
      const queueId = fn.Properties.DeadLetterConfig?.TargetArn?.["Fn::GetAtt"]?.[0];
      expect(queues.get(queueId), service).toBe(deadLetterQueueName("prod", service));
    }
    const rules = ofType(prod, "AWS::Events::Rule").filter(([, r]) => r.Properties.EventPattern);
    expect(rules).toHaveLength(EVENT_RULES.length);
    for (const [, rule] of rules) {
      expect(queues.get(rule.Properties.Targets[0].DeadLetterConfig.Arn["Fn::GetAtt"][0])).toBe(deadLetterQueueName("prod", "events"));
    }
  });

  it("alarms on each function's errors and throttles and on every dead-letter queue's depth", () => {
    for (const service of functionServices()) {
      for (const metric of ["Errors", "Throttles"]) {
        const a = alarmNamed(`${service}-${metric.toLowerCase()}`);
        expect(a?.Properties, `${service} ${metric}`).toMatchObject({
          Namespace: "AWS/Lambda",
          MetricName: metric,
          Dimensions: [{ Name: "FunctionName", Value: functionName("prod", service) }],
          Threshold: 1,
        });
      }
    }
    for (const service of deadLetterServices()) {
      expect(alarmNamed(`${service}-dlq-depth`)?.Properties).toMatchObject({
        Namespace: "AWS/SQS",
        MetricName: "ApproximateNumberOfMessagesVisible",
        Dimensions: [{ Name: "QueueName", Value: deadLetterQueueName("prod", service) }],
        Threshold: 1,
      });
    }
  });

  it("alarms on the API's 5xx rate and p99 latency, analyses, webhooks, captures and SES", () => {
    const api = JSON.stringify(alarmNamed("api-5xx-rate")?.Properties.Metrics);
    expect(api).toContain("5xx");
    expect(api).toContain("ApiId");
    expect(api).toContain("Fn::ImportValue"); // the API's id, from its stack
    expect(alarmNamed("api-p99-latency")?.Properties).toMatchObject({ MetricName: "Latency", ExtendedStatistic: "p99" });
    const analysis = JSON.stringify(alarmNamed("analysis-failure-rate")?.Properties.Metrics);
    expect(analysis).toContain(METRICS.analysesFailed);
    expect(analysis).toContain(metricNamespace("prod"));
    expect(JSON.stringify(alarmNamed("webhook-verification-failures")?.Properties.Metrics)).toContain(METRICS.webhooksRefused);
    expect(alarmNamed("payment-capture-failures")?.Properties).toMatchObject({
      Namespace: metricNamespace("prod"),
      MetricName: METRICS.paymentCaptureFailures,
      Dimensions: [{ Name: "service", Value: "printhood" }],
    });
    expect(alarmNamed("ses-bounce-rate")?.Properties).toMatchObject({ Namespace: "AWS/SES", MetricName: "Reputation.BounceRate" });
    expect(alarmNamed("ses-complaint-rate")?.Properties).toMatchObject({ Namespace: "AWS/SES", MetricName: "Reputation.ComplaintRate" });
  });

  it("notifies the one topic from every alarm, and points each at its section of the runbook", () => {
    const runbook = readFileSync(join(ROOT, RUNBOOK_PATH), "utf8");
    const anchors = new Set([...runbook.matchAll(/^#{2,4} (.+)$/gm)].map((m) => anchorOf(m[1]!.trim())));
    for (const heading of Object.values(RUNBOOK)) expect(anchors, heading).toContain(anchorOf(heading));
    expect(alarms().length).toBe(2 + 2 * functionServices().length + deadLetterServices().length + 5);
    for (const a of alarms()) {
      expect(a.Properties.AlarmActions, a.Properties.AlarmName).toEqual([{ Ref: topicId() }]);
      expect(a.Properties.OKActions, a.Properties.AlarmName).toEqual([{ Ref: topicId() }]);
      const anchor = /Runbook: docs\/operations\.md#([a-z0-9-]+)/.exec(a.Properties.AlarmDescription)?.[1];
      expect(anchors, a.Properties.AlarmName).toContain(anchor);
    }
  });

  it("draws one dashboard with the API, every business figure and the queues", () => {
    const dashboards = ofType(prod, "AWS::CloudWatch::Dashboard");
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]![1].Properties.DashboardBody);
    for (const name of Object.values(METRICS)) expect(body, name).toContain(name);
    for (const service of deadLetterServices()) expect(body).toContain(deadLetterQueueName("prod", service));
    expect(body).toContain("AWS/ApiGateway");
  });
});

describe("npm run synth", () => {
  it("takes --stage and --out, and nothing else", () => {
    expect(parseSynthArgs(["--stage", "dev", "--out", "x"])).toEqual({ stage: "dev", out: "x" });
    expect(() => parseSynthArgs(["--out", "x"])).toThrow(/--stage NAME/);
    expect(() => parseSynthArgs(["--stage", "dev"])).toThrow(/--out DIR/);
    expect(() => parseSynthArgs(["--stage", "dev", "--out", "x", "--deploy"])).toThrow();
    expect(() => parseSynthArgs(["--stage", "../x", "--out", "x"])).toThrow(/--stage NAME/);
  });

  it("writes every stack's template as JSON, offline, without AWS credentials", async () => {
    const out = mkdtempSync(join(tmpdir(), "synth-"));
    try {
      const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" };
      await promisify(execFile)(process.execPath, ["--import", "tsx", "stacks/synth.ts", "--stage", "dev", "--out", out], {
        cwd: ROOT,
        env,
      });
      const files = readdirSync(out).sort();
      expect(files).toEqual([...dev.keys()].map((s) => `dev-printhood-${s}.template.json`).sort());
      for (const file of files) expect(JSON.parse(readFileSync(join(out, file), "utf8")).Resources).toBeDefined();
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

import { CfnFunction, type ILayerVersion, LayerVersion } from "aws-cdk-lib/aws-lambda";
import { CfnLogGroup, LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Queue } from "aws-cdk-lib/aws-sqs";
import { StringParameter } from "aws-cdk-lib/aws-ssm";
import { CfnResource, Duration, type IAspect, type Stack } from "aws-cdk-lib/core";
import type { IConstruct } from "constructs";
import { deadLetterQueueName, functionName, logGroupName } from "../packages/core/src/ops/resources";
import { powertoolsLayerParameter } from "./function-build";
import type { StageSettings } from "./stage";

/**
 * What every function of ours gets to be watched (issue 24): a name people can type
 * (`prod-printhood-notify`, core/ops/resources.ts), its own log group with the stage's retention
 * (`/printhood/prod/notify`), the name it logs and counts under (Powertools' service), and, for the
 * asynchronous ones, a dead-letter queue for the invocations that failed after Lambda's retries
 * (replayed with `npm run ops:redrive`). The alarms and the dashboard (stacks/Monitoring.ts) find
 * all of these by name, never by a reference across stacks.
 */

/** How long a dead letter waits to be looked at and replayed. */
export const DEAD_LETTER_RETENTION = Duration.days(14);

/** The log group of one of our functions, kept as long as the stage keeps logs. */
export function functionLogGroup(stack: Stack, settings: StageSettings, service: string): LogGroup {
  return new LogGroup(stack, `Logs_${service}`, {
    logGroupName: logGroupName(settings.stage, service),
    retention: settings.logRetentionDays,
    removalPolicy: settings.removalPolicy,
  });
}

/** SST's name for a retention (`one_week`), for the log groups SST makes itself (the API's access log). */
export function retentionName(days: number): Lowercase<keyof typeof RetentionDays> {
  const name = (Object.keys(RetentionDays) as (keyof typeof RetentionDays)[]).find((k) => RetentionDays[k] === days);
  if (!name) throw new Error(`CloudWatch Logs keeps logs for no such number of days: ${days}`);
  return name.toLowerCase() as Lowercase<keyof typeof RetentionDays>;
}

/** SST Function props for one of our functions: its name, its log group and its service name. */
export function observedFunction(stack: Stack, settings: StageSettings, service: string) {
  return {
    functionName: functionName(settings.stage, service),
    logGroup: functionLogGroup(stack, settings, service),
    environment: { POWERTOOLS_SERVICE_NAME: service },
  };
}

/** A dead-letter queue named after what fails into it (`prod-printhood-notify-dlq`). */
export function deadLetterQueue(stack: Stack, settings: StageSettings, service: string): Queue {
  return new Queue(stack, `DeadLetters_${service}`, {
    queueName: deadLetterQueueName(settings.stage, service),
    retentionPeriod: DEAD_LETTER_RETENTION,
    removalPolicy: settings.removalPolicy,
  });
}

/** A function's `LoggingConfig`, however it was made (CfnFunction, or a custom resource provider's CfnResource). */
function loggingConfigOf(fn: CfnResource): unknown {
  if (fn instanceof CfnFunction) return fn.loggingConfig;
  return (fn as unknown as { _cfnProperties?: { LoggingConfig?: unknown } })._cfnProperties?.LoggingConfig;
}

/**
 * Every other function in the app (SST's and CDK's custom-resource handlers) logs into a log group
 * of its own with the stage's retention, rather than one Lambda creates without any: every log
 * group of the stage has a retention (issue 24 point 4). Ours already name theirs.
 */
export class EveryFunctionLogsWithRetention implements IAspect {
  constructor(private readonly settings: StageSettings) {}

  visit(node: IConstruct): void {
    if (!(node instanceof CfnResource) || node.cfnResourceType !== "AWS::Lambda::Function" || loggingConfigOf(node)) return;
    const scope = node.node.scope;
    if (!scope) return;
    const id = `${node.node.id}Logs`;
    const group =
      (scope.node.tryFindChild(id) as CfnLogGroup | undefined) ??
      new CfnLogGroup(scope, id, { retentionInDays: this.settings.logRetentionDays });
    group.applyRemovalPolicy(this.settings.removalPolicy);
    node.addPropertyOverride("LoggingConfig.LogGroup", group.ref);
  }
}

const powertoolsLayers = new WeakMap<Stack, ILayerVersion>();

/**
 * AWS's Powertools layer (the Logger, Metrics, Tracer and X-Ray SDK the functions import but do not
 * bundle: stacks/function-build.ts POWERTOOLS_EXTERNALS), of the installed version, once per stack.
 * Its ARN is AWS's public SSM parameter for that version, resolved by CloudFormation at deploy, so
 * the layer always matches the code.
 */
export function powertoolsLayer(stack: Stack): ILayerVersion {
  let layer = powertoolsLayers.get(stack);
  if (!layer) {
    const arn = StringParameter.valueForStringParameter(stack, powertoolsLayerParameter());
    layer = LayerVersion.fromLayerVersionArn(stack, "PowertoolsLayer", arn);
    powertoolsLayers.set(stack, layer);
  }
  return layer;
}

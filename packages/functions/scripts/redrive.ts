/**
 * `npm run ops:redrive -- QUEUE [--stage NAME] [--max N] [--dry-run]`: replays a dead-letter queue
 * against real SQS and Lambda with the caller's AWS credentials (issue 24 point 5; the runbook's
 * "Dead letters"). Each letter is handed again to the function it failed in (redrive-plan.ts says
 * which and why not StartMessageMoveTask), then deleted; a letter that cannot be replayed is left in
 * the queue and reported. The consumers are idempotent, so a letter replayed twice does no harm.
 *
 * Needs sqs:ReceiveMessage, sqs:DeleteMessage, sqs:GetQueueUrl on the queue and lambda:InvokeFunction
 * on the stage's functions.
 */
import { InvokeCommand, LambdaClient } from "@aws-sdk/client-lambda";
import { DeleteMessageCommand, GetQueueUrlCommand, type Message, ReceiveMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import { type Letter, parseRedriveArgs, type RedriveOptions, replayOf } from "./redrive-plan.ts";

/** Long enough to invoke and delete a batch before another reader could see its letters again. */
const VISIBILITY_SECONDS = 120;

const letterOf = (m: Message): Letter => ({
  messageId: m.MessageId ?? "",
  body: m.Body ?? "",
  attributes: Object.fromEntries(Object.entries(m.MessageAttributes ?? {}).map(([k, v]) => [k, v.StringValue ?? ""])),
});

export async function redrive(options: RedriveOptions, log: (line: string) => void = console.log) {
  const sqs = new SQSClient({ region: options.region });
  const lambda = new LambdaClient({ region: options.region });
  const queueUrl = options.queue.startsWith("https://")
    ? options.queue
    : ((await sqs.send(new GetQueueUrlCommand({ QueueName: options.queue }))).QueueUrl ?? "");
  const seen = new Set<string>();
  let replayed = 0;
  let kept = 0;
  while (seen.size < options.max) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: Math.min(10, options.max - seen.size),
        WaitTimeSeconds: 2,
        // A dry run looks without hiding the letters from anyone for long.
        VisibilityTimeout: options.dryRun ? 5 : VISIBILITY_SECONDS,
        MessageAttributeNames: ["All"],
      }),
    );
    const fresh = Messages.filter((m) => m.MessageId && !seen.has(m.MessageId));
    if (fresh.length === 0) break;
    for (const message of fresh) {
      seen.add(message.MessageId ?? "");
      const letter = letterOf(message);
      const plan = replayOf(options.queue, letter);
      if ("skip" in plan) {
        kept++;
        log(`kept ${letter.messageId}: ${plan.skip}`);
        continue;
      }
      if (options.dryRun) {
        log(
          `would replay ${letter.messageId} to ${plan.to}${letter.attributes.ERROR_MESSAGE ? ` (it failed: ${letter.attributes.ERROR_MESSAGE})` : ""}`,
        );
        continue;
      }
      const out = await lambda.send(
        new InvokeCommand({ FunctionName: plan.to, InvocationType: "Event", Payload: new TextEncoder().encode(plan.payload) }),
      );
      if (out.StatusCode !== 202) {
        kept++;
        log(`kept ${letter.messageId}: ${plan.to} did not take it (status ${out.StatusCode})`);
        continue;
      }
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
      replayed++;
      log(`replayed ${letter.messageId} to ${plan.to}`);
    }
  }
  log(
    options.dryRun
      ? `${seen.size - kept} letter(s) would be replayed, ${kept} kept (dry run: nothing changed)`
      : `${replayed} letter(s) replayed, ${kept} kept in ${queueUrl}`,
  );
  return { replayed, kept, seen: seen.size };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await redrive(parseRedriveArgs(process.argv.slice(2)));
  } catch (e) {
    console.error(`ops:redrive: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}

/** @jest-environment node */
import { API_SCOPES } from "@/lib/permissions/api-scopes";
import { PING_EVENT, WEBHOOK_EVENTS } from "@/lib/webhooks/webhook-events";
import { apiStrings } from "./api";

// What a creator reads beside each checkbox (issue 60): every scope a key may
// hold and every event a webhook may ask for has a pt-BR label and a one-line
// explanation, and no label is left for a name that is gone.

const filled = (entry: { label: string; hint: string } | undefined) =>
  Boolean(entry && entry.label.trim() && entry.hint.trim() && !entry.label.includes(":") && !entry.label.includes("."));

describe("the API's labels in pt-BR", () => {
  it("labels and explains every API scope, and only those", () => {
    for (const scope of API_SCOPES) expect([scope, filled(apiStrings.scopes[scope])]).toEqual([scope, true]);
    expect(Object.keys(apiStrings.scopes).sort()).toEqual([...API_SCOPES].sort());
  });

  it("labels and explains every webhook event and the test's ping, and only those", () => {
    for (const event of [...WEBHOOK_EVENTS, PING_EVENT]) expect([event, filled(apiStrings.events[event])]).toEqual([event, true]);
    expect(Object.keys(apiStrings.events).sort()).toEqual([...WEBHOOK_EVENTS, PING_EVENT].sort());
  });

  it("gives no two scopes or events the same label", () => {
    const scopeLabels = Object.values(apiStrings.scopes).map((e) => e.label);
    const eventLabels = Object.values(apiStrings.events).map((e) => e.label);
    expect(new Set(scopeLabels).size).toBe(scopeLabels.length);
    expect(new Set(eventLabels).size).toBe(eventLabels.length);
  });

  it("reads a delivery as a person would", () => {
    expect(apiStrings.deliveryLine(apiStrings.deliveryStatus.delivered, 200)).toBe("Entregue · HTTP 200");
    expect(apiStrings.deliveryLine(apiStrings.deliveryStatus.pending, null)).toBe("Pendente");
  });
});

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ScriptedTransport, makeEngine, screen } from "./support.js";

const customers = Array.from({ length: 120 }, (_, index) => ({ id: `c${index}`, name: `Customer ${index}` }));

/** The conversation of docs/protocol/packets.md: a customer table of 120 rows, paged by 40. */
function customerServer() {
  return new ScriptedTransport((request) => {
    switch (request.method) {
      case "listCustomers": {
        const batch = customers.slice(request.offset, request.offset + request.limit);
        const answer = { rc: 0, data: batch };
        return request.offset + batch.length < customers.length ? { ...answer, max: customers.length } : answer;
      }
      case "selectCustomer":
        return screen([{ type: "label", text: `row ${request.row} selected ${JSON.stringify(request.selected)}` }]);
      default:
        return screen(
          [
            { type: "table", id: "customers", data: { dynamic: "listCustomers" }, refresh: "Pull to refresh", cell: [{ field: "name" }], clickRow: { function: "selectCustomer" } },
            { type: "table", id: "picked", data: { dynamic: { function: "listCustomers", parameters: { kind: "vip" } } }, clickRow: { function: "selectCustomer", selected: "id" } },
          ],
          { version: 1 },
        );
    }
  });
}

describe("tables", () => {
  test("the first batch of every dynamic table loads after the screen, 40 rows with offset 0", async () => {
    const transport = customerServer();
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.settle();
    assert.deepEqual(transport.requests[1], { method: "listCustomers", token: "t1", offset: 0, limit: 40 });
    assert.deepEqual(transport.requests[2], { method: "listCustomers", token: "t1", parameters: { kind: "vip" }, offset: 0, limit: 40 });
    assert.equal(engine.state.tables["0"].rows.length, 40);
    assert.equal(engine.state.tables["0"].hasMore, true);
    assert.equal(engine.state.tables["0"].max, 120);
  });

  test("loadMore pages past row 40 until max, then stops asking", async () => {
    const transport = customerServer();
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.settle();
    await engine.perform({ action: "loadMore", path: "0" });
    assert.equal(transport.last.offset, 40);
    assert.equal(engine.state.tables["0"].rows[41].name, "Customer 41");
    await engine.perform({ action: "loadMore", path: "0" });
    assert.equal(engine.state.tables["0"].rows.length, 120);
    assert.equal(engine.state.tables["0"].hasMore, false);
    const sent = transport.requests.length;
    await engine.perform({ action: "loadMore", path: "0" });
    assert.equal(transport.requests.length, sent, "no request after the last batch");
  });

  test("one page request is in flight per table", async () => {
    const transport = customerServer();
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.settle();
    const sent = transport.requests.length;
    await Promise.all([engine.perform({ action: "loadMore", path: "0" }), engine.perform({ action: "loadMore", path: "0" })]);
    assert.equal(transport.requests.length, sent + 1);
    assert.equal(engine.state.tables["0"].rows.length, 80);
  });

  test("pull to refresh loads the first batch again; a table without refresh ignores it", async () => {
    const transport = customerServer();
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.settle();
    await engine.perform({ action: "loadMore", path: "0" });
    await engine.perform({ action: "refresh", path: "0" });
    assert.equal(transport.last.offset, 0);
    assert.equal(engine.state.tables["0"].rows.length, 40);
    const sent = transport.requests.length;
    await engine.perform({ action: "refresh", path: "1" });
    assert.equal(transport.requests.length, sent);
  });

  test("a row tap sends row, or with selected the row's field value", async () => {
    const transport = customerServer();
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.settle();
    await engine.perform({ action: "loadMore", path: "0" });
    await engine.perform({ action: "row", path: "0", row: 42 });
    assert.deepEqual(transport.last, { method: "selectCustomer", token: "t1", row: 42 });
    assert.equal(engine.state.packet?.components[0].text, "row 42 selected undefined");

    await engine.connect();
    await engine.settle();
    await engine.perform({ action: "row", path: "1", row: 3 });
    assert.deepEqual(transport.last, { method: "selectCustomer", token: "t1", selected: "c3" });
  });

  test("a failing page is alerted and the rows stay; an error rc stops paging", async () => {
    const transport = customerServer();
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.settle();
    transport.down = true;
    await engine.perform({ action: "loadMore", path: "0" });
    assert.equal(engine.state.alerts[0].kind, "connection");
    assert.equal(engine.state.tables["0"].rows.length, 40);
    assert.equal(engine.state.tables["0"].hasMore, true, "it can be tried again");
    transport.down = false;
    transport.answer = () => ({ rc: 5, data: [] });
    await engine.perform({ action: "loadMore", path: "0" });
    assert.equal(engine.state.alerts[1].message, "The request could not be completed (code 5).");
    assert.equal(engine.state.tables["0"].hasMore, false);
  });

  test("static rows need no request; an old string rc 0 is success", async () => {
    const transport = new ScriptedTransport((request) => {
      if (request.method === "rows") return { rc: "0", data: [{ name: "a" }, { name: "b" }] };
      return screen([
        { type: "table", data: [{ name: "x" }] },
        { type: "table", data: { dynamic: "rows" } },
      ], { version: 1 });
    });
    const engine = makeEngine(transport);
    await engine.connect();
    await engine.settle();
    assert.deepEqual(engine.state.tables["0"], { rows: [{ name: "x" }], hasMore: false, loading: false });
    assert.deepEqual(engine.state.tables["1"].rows, [{ name: "a" }, { name: "b" }]);
    assert.equal(engine.state.tables["1"].hasMore, false);
    assert.equal(transport.requests.length, 2);
  });
});

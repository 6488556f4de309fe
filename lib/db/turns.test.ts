import { describe, expect, it } from "vitest";
import { inTurn } from "./turns";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("inTurn", () => {
  it("runs writers on one key one at a time, in the order they came", async () => {
    const log: string[] = [];
    let running = 0;
    const writer = (name: string) =>
      inTurn(["lessons:a"], async () => {
        running++;
        expect(running).toBe(1);
        log.push(`${name} start`);
        await tick();
        log.push(`${name} end`);
        running--;
        return name;
      });
    expect(await Promise.all([writer("1"), writer("2"), writer("3")])).toEqual(["1", "2", "3"]);
    expect(log).toEqual(["1 start", "1 end", "2 start", "2 end", "3 start", "3 end"]);
  });

  it("lets writers on different keys run at the same time", async () => {
    let running = 0;
    let most = 0;
    const writer = (key: string) =>
      inTurn([key], async () => {
        most = Math.max(most, ++running);
        await tick();
        running--;
      });
    await Promise.all([writer("lessons:a"), writer("lessons:b")]);
    expect(most).toBe(2);
  });

  it("passes the turn on when a writer fails, and takes several keys in one order without deadlock", async () => {
    await expect(inTurn(["modules:a"], () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    const order: string[] = [];
    await Promise.all([
      inTurn(["modules:a", "modules:b"], async () => (await tick(), order.push("ab"))),
      inTurn(["modules:b", "modules:a"], async () => (await tick(), order.push("ba"))),
      inTurn(["modules:a"], async () => order.push("a")),
    ]);
    expect(order).toEqual(["ab", "ba", "a"]);
  });
});

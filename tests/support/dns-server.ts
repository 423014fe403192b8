import dns2 from "dns2";

// An in-process DNS server for tests (dns2, UDP on 127.0.0.1, an ephemeral
// port): point the app at it with DNS_SERVERS=servers. Records are set and
// removed while it runs. A name with a CNAME answers other types as a
// recursive server does: the CNAME chain, then the last name's records.
//
//   const dns = await startDnsServer();
//   process.env.DNS_SERVERS = dns.servers;
//   dns.set("_vitrine.shop.example.test", "TXT", [["vitrine-verify=", "abc"]]);
//   dns.set("shop.example.test", "CNAME", ["cname.vitrine.test"]);
//   dns.remove("shop.example.test", "CNAME");
//   await dns.close();

export type RecordType = "A" | "AAAA" | "CNAME" | "TXT";

export interface TestDnsServer {
  /** `127.0.0.1:PORT`, for DNS_SERVERS. */
  servers: string;
  /** Replaces the name's records of that type. A TXT value is one string or its chunks. */
  set(name: string, type: RecordType, values: (string | string[])[]): void;
  remove(name: string, type: RecordType): void;
  close(): Promise<void>;
}

const { Packet } = dns2;
const TYPE_NAMES: Record<number, RecordType> = { [Packet.TYPE.A]: "A", [Packet.TYPE.AAAA]: "AAAA", [Packet.TYPE.CNAME]: "CNAME", [Packet.TYPE.TXT]: "TXT" };
const key = (name: string) => name.toLowerCase().replace(/\.$/, "");

/** `port`: a fixed port when the app must be told it before the server starts (a browser journey); default an ephemeral one. */
export async function startDnsServer(options: { port?: number } = {}): Promise<TestDnsServer> {
  const zone = new Map<string, Map<RecordType, (string | string[])[]>>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const type = question ? TYPE_NAMES[question.type] : undefined;
      let name = question ? key(question.name) : "";
      if (!question || !zone.has(name)) {
        response.header.rcode = 3; // NXDOMAIN
        void send(response); // UDP: sent and forgotten
        return;
      }
      const answers = response.answers as unknown[];
      for (let hop = 0; hop < 10 && type; hop++) {
        const records = zone.get(name);
        const own = records?.get(type);
        if (own) {
          for (const value of own) answers.push(record(question.name === name ? question.name : name, type, value));
          break;
        }
        const cname = type !== "CNAME" ? records?.get("CNAME")?.[0] : undefined;
        if (typeof cname !== "string") break;
        answers.push(record(name, "CNAME", cname));
        name = key(cname);
      }
      void send(response);
    },
  });
  await server.listen({ udp: { port: options.port ?? 0, address: "127.0.0.1" } });
  const { port } = (server.addresses() as { udp: { port: number } }).udp;
  return {
    servers: `127.0.0.1:${port}`,
    set(name, type, values) {
      const records = zone.get(key(name)) ?? new Map();
      records.set(type, values);
      zone.set(key(name), records);
    },
    remove(name, type) {
      const records = zone.get(key(name));
      records?.delete(type);
      if (records && records.size === 0) zone.delete(key(name));
    },
    async close() {
      await server.close();
    },
  };
}

function record(name: string, type: RecordType, value: string | string[]) {
  const base = { name, type: Packet.TYPE[type], class: Packet.CLASS.IN, ttl: 1 };
  if (type === "TXT") return { ...base, data: value };
  if (type === "CNAME") return { ...base, domain: value as string };
  return { ...base, address: value as string };
}

// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from "vitest";
import { WaitingListForm } from "../../app/features/classes/waiting-list-form.tsx";
import WaitlistLeave, { loader } from "../../app/routes/waitlist-leave.tsx";
import { EnrollCard } from "../../app/features/classes/enroll-card.tsx";
import { CLASS_ENROLLMENT_KEY, readClassEnrollment } from "../../app/lib/payments-api.ts";
import type { PublicClass } from "../../core/classes/schema.ts";
import { click, domPage, typeInto } from "../helpers/dom-page.tsx";

vi.mock("../../app/components/ui/toast.ts", () => import("../helpers/toast-mock.ts"));

const page = domPage();
const { fetchMock } = page;
let container: HTMLElement;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeAll(async () => {
  // The form imports its schema on the first submit; loaded once here so that submits settle within act().
  await import("../../core/classes/waitlist-schema.ts");
});

async function render(element: React.ReactNode, language: "en" | "fr" = "en") {
  container = await page.render(element, language, { path: "/" });
}

const type = (name: string, value: string) =>
  typeInto(container.querySelector<HTMLInputElement>(`input[name=${name}]`)!, value);

const submit = () => container.querySelector<HTMLButtonElement>("button[type=submit]")!;

/** Submits the waiting list form and waits for its answer (the first submit loads the form's code and schema). */
async function send() {
  await click(submit());
}
const alerts = () => [...container.querySelectorAll("[role=alert]")].map((node) => node.textContent);

describe("WaitingListForm", () => {
  it("has labelled name and e-mail fields; joining shows the place in the queue", async () => {
    fetchMock.mockResolvedValue(json(201, { position: 3 }));
    await render(<WaitingListForm classId={7} />);
    expect(container.querySelector("h2")?.textContent).toBe("Join the waiting list");
    for (const [name, label] of [
      ["name", "Name"],
      ["email", "Email"],
    ]) {
      const input = container.querySelector<HTMLInputElement>(`input[name=${name}]`)!;
      expect(container.querySelector(`label[for="${input.id}"]`)?.textContent).toBe(label);
    }
    type("name", "Ada Lovelace");
    type("email", "ada@example.com");
    await send();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/classes/7/waitlist");
    expect(JSON.parse(String(init?.body))).toEqual({ name: "Ada Lovelace", email: "ada@example.com" });
    expect(container.querySelector("[data-testid=waiting-list-joined]")?.textContent).toBe(
      "You're on the waiting list" + "You are number 3 in line. We have sent you an email with the details.",
    );
    expect(container.querySelector("form")).toBeNull();
  });

  it("checks the fields before sending, in the page's language", async () => {
    await render(<WaitingListForm classId={7} />, "fr");
    type("email", "pas-une-adresse");
    await send();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(alerts()).toEqual(["Le nom est obligatoire", "Veuillez saisir une adresse e-mail valide"]);
    expect(document.activeElement).toBe(container.querySelector("input[name=name]"));
  });

  it("says the server's refusal of the whole form ('This class has seats: enrol instead.')", async () => {
    fetchMock.mockResolvedValue(json(409, { message: "This class has seats: enrol instead.", code: "conflict" }));
    await render(<WaitingListForm classId={7} />);
    type("name", "Ada");
    type("email", "ada@example.com");
    await send();
    const failed = container.querySelector("[data-testid=waiting-list-failed]");
    expect(failed?.textContent).toBe("This class has seats: enrol instead.");
    expect(document.activeElement).toBe(failed);
    expect(container.querySelector("form")).not.toBeNull();
  });
});

describe("/waitlist/leave", () => {
  const token = "b".repeat(43);
  const page = (value: string | null) => (
    <WaitlistLeave
      {...({ loaderData: { token: value, meta: { title: "" } } } as Parameters<typeof WaitlistLeave>[0])}
    />
  );
  const args = (query: string) =>
    ({
      params: {},
      request: new Request(`http://localhost/waitlist/leave${query}`),
      context: { requestLanguage: "en", publicConfig: { companyName: "Atelier" } },
    }) as unknown as Parameters<typeof loader>[0];

  it("the loader passes a well-formed token on without leaving (a link scanner's GET changes nothing), and answers 400 to others", () => {
    expect(loader(args(`?token=${token}`))).toMatchObject({ token });
    const bad = loader(args("?token=nope")) as unknown as { data: { token: null }; init: { status: number } };
    expect(bad.init.status).toBe(400);
    expect(bad.data.token).toBeNull();
  });

  it("leaves on a click, and says so", async () => {
    fetchMock.mockResolvedValue(json(200, { message: "You have left the waiting list" }));
    await render(page(token));
    expect(container.querySelector("h1")?.textContent).toBe("Leave the waiting list");
    expect(fetchMock).not.toHaveBeenCalled();
    await click(
      [...container.querySelectorAll("button")].find((button) => button.textContent === "Leave the waiting list")!,
    );
    expect(fetchMock.mock.calls[0][0]).toBe("/api/waitlist/leave");
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ token });
    expect(container.querySelector("h1")?.textContent).toBe("You have left the waiting list");
  });

  it("says the link is not valid when the server does not know it", async () => {
    fetchMock.mockResolvedValue(json(400, { message: "This link is not valid.", code: "validation" }));
    await render(page(token), "fr");
    await click(container.querySelector("button")!);
    expect(container.querySelector("h1")?.textContent).toBe("Ce lien n'est pas valide");
  });
});

describe("EnrollCard and the waiting list", () => {
  const item = {
    id: 4,
    title: "Brand Identity Workshop",
    price: 89_000,
    maxStudents: 8,
    currentEnrollment: 8,
    seatsLeft: 0,
    full: true,
  } as PublicClass;
  const form = <p data-testid="the-form">form</p>;

  it("a full class shows 'Class is Full' with the waiting list; so does one whose last seats are held (waitlistOpen)", async () => {
    await render(<EnrollCard item={item} whenFull={form} />);
    expect(container.querySelector("[data-testid=class-full-state]")?.textContent).toContain("Class is Full");
    expect(container.querySelector("[data-testid=the-form]")).not.toBeNull();
    await render(
      <EnrollCard item={{ ...item, currentEnrollment: 7, seatsLeft: 1, full: false }} waitlistOpen whenFull={form} />,
    );
    expect(container.querySelector("[data-testid=the-form]")).not.toBeNull();
    expect(container.querySelector("[data-testid=enroll-now]")).toBeNull();
  });

  it("an offered seat keeps Enroll Now for its person, which carries the offer to /payment", async () => {
    sessionStorage.clear();
    const offer = { token: "c".repeat(43), name: "Ada", email: "ada@example.com" };
    await render(<EnrollCard item={item} offer={offer} whenFull={form} />);
    expect(container.querySelector("[data-testid=the-form]")).toBeNull();
    await click(container.querySelector<HTMLButtonElement>("[data-testid=enroll-now]")!);
    expect(JSON.parse(sessionStorage.getItem(CLASS_ENROLLMENT_KEY)!)).toMatchObject({ classId: "4", offer });
    expect(readClassEnrollment()?.offer).toEqual(offer);
  });
});

import { describe, expect, it } from "vitest";
import { buttonClasses } from "../../app/components/ui/button.tsx";

describe("buttonClasses", () => {
  it("gives every button the same pill shape and one of three heights", () => {
    for (const variant of ["primary", "secondary", "outline", "ghost", "destructive"] as const) {
      expect(buttonClasses(variant, "md").split(" ")).toContain("rounded-full");
    }
    expect(buttonClasses("primary", "sm")).toContain("h-9");
    expect(buttonClasses("primary", "md")).toContain("h-10");
    expect(buttonClasses("primary", "lg")).toContain("h-12");
  });

  it("lets a display class replace the button's inline-flex, so a button hidden on small screens is hidden", () => {
    const classes = buttonClasses("primary", "sm", "hidden md:inline-flex").split(" ");
    expect(classes).toContain("hidden");
    expect(classes).toContain("md:inline-flex");
    expect(classes).not.toContain("inline-flex");
  });

  it("keeps the later of two classes that set the same property", () => {
    const classes = buttonClasses("outline", "lg", "rounded-lg h-14 bg-white").split(" ");
    expect(classes).toContain("rounded-lg");
    expect(classes).not.toContain("rounded-full");
    expect(classes).toContain("h-14");
    expect(classes).not.toContain("h-12");
  });
});

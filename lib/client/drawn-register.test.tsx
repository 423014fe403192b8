/** @jest-environment node */
import { renderToString } from "react-dom/server";
import { useForm } from "react-hook-form";
import { drawnRegister } from "./drawn-register";

type Values = { name: string; bio: string | null; indexable: boolean; socials: { instagram: string } };
const VALUES: Values = { name: 'Ana "Souza"', bio: null, indexable: true, socials: { instagram: "ana.fotos" } };

function Form({ drawn }: { drawn: boolean }) {
  const { register } = useForm<Values>({ defaultValues: VALUES });
  const field = drawn ? drawnRegister(register, VALUES) : register;
  return (
    <form>
      <input {...field("name")} />
      <textarea {...field("bio")} />
      <input type="checkbox" {...field("indexable")} />
      <input {...field("socials.instagram")} />
    </form>
  );
}

test("the server draws each field with its starting value (React Hook Form alone draws them empty)", () => {
  const html = renderToString(<Form drawn />);
  expect(html).toContain('name="name" value="Ana &quot;Souza&quot;"');
  expect(html).toMatch(/<textarea name="bio"><\/textarea>/);
  expect(html).toMatch(/type="checkbox" name="indexable" checked=""/);
  expect(html).toContain('name="socials.instagram" value="ana.fotos"');
  const plain = renderToString(<Form drawn={false} />);
  expect(plain).not.toContain("value=");
  expect(plain).not.toContain("checked");
});

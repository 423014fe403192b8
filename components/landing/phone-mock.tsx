import { Camera, Music2, Play, ShoppingBag } from "lucide-react";

// An illustration of a finished Vitrine page for the landing hero (static, decorative).
const rows = [
  { icon: ShoppingBag, label: "Minha loja" },
  { icon: Play, label: "Último vídeo" },
  { icon: Camera, label: "Instagram" },
  { icon: Music2, label: "Playlist da semana" },
];

export function PhoneMock() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-64 rounded-[2.5rem] border-8 border-foreground/90 bg-foreground/90 shadow-2xl">
      <div className="overflow-hidden rounded-[2rem] bg-gradient-to-b from-violet-500 via-fuchsia-500 to-orange-400 px-5 pb-8 pt-10">
        <div className="mx-auto size-20 rounded-full border-4 border-white/80 bg-white/30" />
        <p className="mt-3 text-center font-semibold text-white">Ana Souza</p>
        <p className="text-center text-xs text-white/80">Criadora de conteúdo · São Paulo</p>
        <ul className="mt-6 space-y-3">
          {rows.map(({ icon: Icon, label }) => (
            <li key={label} className="flex items-center gap-3 rounded-xl bg-white/90 px-4 py-3 text-sm font-medium text-neutral-900 shadow">
              <Icon className="size-4" />
              {label}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

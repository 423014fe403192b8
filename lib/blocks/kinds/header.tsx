import { richLinksStrings } from "@/lib/strings/rich-links";
import { defineBlockKind, type BlockViewProps } from "../block-kind";

/** A section title: a heading between the buttons; never a link, never counted. */
function HeaderView({ block, Section }: BlockViewProps) {
  return (
    <li className="vp-sec">
      <Section>{block.title}</Section>
    </li>
  );
}

export const headerKind = defineBlockKind({
  name: "header",
  address: null,
  data: null,
  section: true,
  counts: false,
  can: { highlight: false, sensitive: false, thumbnail: false, openInApp: false },
  csv: false,
  example: { kind: "header", title: "Meus cursos" },
  View: HeaderView,
  text: { add: richLinksStrings.addSectionTitle, addHint: richLinksStrings.addSectionSubtitle, edit: richLinksStrings.editSectionTitle, badge: richLinksStrings.sectionBadge },
  rowIcon: "heading",
  menu: { icon: "heading" },
});

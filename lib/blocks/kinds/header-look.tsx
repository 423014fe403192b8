import { Heading } from "lucide-react";
import { richLinksStrings } from "@/lib/strings/rich-links";
import { defineBlockLook, type BlockViewProps } from "../block-kind";

/** A section title: a heading between the buttons; never a link, never counted. */
function HeaderView({ block, Section }: BlockViewProps) {
  return (
    <li className="vp-sec">
      <Section>{block.title}</Section>
    </li>
  );
}

export const headerLook = defineBlockLook({
  name: "header",
  section: true,
  View: HeaderView,
  text: {
    add: richLinksStrings.addSectionTitle,
    addHint: richLinksStrings.addSectionSubtitle,
    edit: richLinksStrings.editSectionTitle,
    badge: richLinksStrings.sectionBadge,
  },
  rowIcon: Heading,
  menu: { icon: Heading },
});

import type { ReactNode } from 'react';
import type { MenuNode } from '@energy/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { linkOf, menuName } from './menu-model';

/** `menuName` in the shell's current language (re-renders when the language changes). */
export function useMenuName() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (node: Pick<MenuNode, 'name' | 'nameZh'>) => menuName(node, language);
}

/** A menu item's link: in-app router link, new tab, forced full load, or outside the system. */
export function MenuLink({ node, children, onNavigate }: { node: MenuNode; children?: ReactNode; onNavigate?: () => void }) {
  const name = useMenuName();
  const link = linkOf(node);
  const label = children ?? name(node);
  const common = { 'data-menu-key': node.key, onClick: onNavigate };
  if (link.newTab) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" {...common}>
        {label}
      </a>
    );
  }
  if (link.inApp && !link.forced) {
    return (
      <Link to={link.href} {...common}>
        {label}
      </Link>
    );
  }
  return (
    <a href={link.href} {...common}>
      {label}
    </a>
  );
}

/** Follows a menu link the way a click would: router, new tab or full load. */
export function useFollowLink() {
  const navigate = useNavigate();
  return (node: MenuNode) => {
    const link = linkOf(node);
    if (link.newTab) window.open(link.href, '_blank', 'noopener');
    else if (link.inApp && !link.forced) void navigate(link.href);
    else window.location.assign(link.href);
  };
}

/** The shapes of the platform catalogue (catalogue-data.ts) and the helper its areas share. */
export interface ButtonDef {
  readonly code: string;
  readonly name: string;
  /** The name in Chinese (zh-CN), shown to zh-CN users. */
  readonly nameZh: string;
}
export interface PageDef {
  readonly key: string;
  readonly name: string;
  readonly nameZh: string;
  readonly path: string;
  readonly buttons?: readonly ButtonDef[];
}
export interface GroupDef {
  readonly key: string;
  readonly name: string;
  readonly nameZh: string;
  readonly pages: readonly PageDef[];
}
export interface AreaDef {
  readonly key: string;
  readonly name: string;
  readonly nameZh: string;
  readonly path: string;
  /** Module origin code of its pages. */
  readonly origin: string;
  readonly groups: readonly GroupDef[];
}

/** Create, edit and delete buttons, their codes kept as literal types. */
export const crud = <P extends string>(prefix: P, what: string, whatZh: string) =>
  [
    { code: `b-${prefix}-create`, name: `Create ${what}`, nameZh: `新建${whatZh}` },
    { code: `b-${prefix}-edit`, name: `Edit ${what}`, nameZh: `编辑${whatZh}` },
    { code: `b-${prefix}-delete`, name: `Delete ${what}`, nameZh: `删除${whatZh}` },
  ] as const;

// @ts-check
/**
 * A TypeDoc plugin that runs TypeDoc's validation (docusaurus-plugin-typedoc converts and renders
 * but never validates), so every exported symbol without a TSDoc comment is a warning in the docs
 * build (`validation.notDocumented`), then prints how many there are.
 * @module
 */
import { Renderer } from 'typedoc'

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.renderer.on(Renderer.EVENT_BEGIN, (event) => {
    const before = app.logger.warningCount
    app.validate(event.project)
    const undocumented = app.logger.warningCount - before
    app.logger.info(
      `[api reference] ${undocumented} exported symbol${undocumented === 1 ? '' : 's'} without a TSDoc comment`,
    )
  })
}

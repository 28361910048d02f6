/** The newest migration this build carries, which `--version` names (docs/operations.md#upgrades). */
export { SCHEMA } from '../../storage/migrate'

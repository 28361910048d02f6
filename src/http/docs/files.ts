import dockerfile from '../../../deploy/Dockerfile' with { type: 'text' }
import compose from '../../../deploy/compose.yaml' with { type: 'text' }
import unit from '../../../deploy/lead-signals.service' with { type: 'text' }
import adminScript from '../../../deploy/lead-signals-admin' with { type: 'text' }
import configExample from '../../../config.example.toml' with { type: 'text' }

/**
 * The files the documents link to beside them (every setting with its default, the deployment files), served as plain
 * text at /docs/PATH: a user of the executable alone has no checkout to open them in.
 */
export const DOC_FILES: Record<string, string> = {
  'config.example.toml': configExample as string,
  'deploy/Dockerfile': dockerfile,
  'deploy/compose.yaml': compose as string,
  'deploy/lead-signals.service': unit,
  'deploy/lead-signals-admin': adminScript,
}

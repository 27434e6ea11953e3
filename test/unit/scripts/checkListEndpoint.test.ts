import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { findEndpointProblems, readRepository, relativeImports, type SourceFile } from '../../../scripts/checkListEndpoint';

const kind: SourceFile = {
  file: 'test/host/features/forms/formKind.ts',
  text: "import { chainList } from '../../../../src/model/chainStore';\nimport { x } from './formHelpers';\nexport const FORM = 1;",
};

describe('checkListEndpoint: a list endpoint is one folder', () => {
  it('reads relative imports, static and dynamic', () => {
    assert.deepEqual(relativeImports("import a from './a';\nconst b = await import('../b.js');\nimport c from 'vscode';"), ['./a', '../b.js']);
  });

  it('passes a resource that imports only its folder and generic src/', () => {
    assert.deepEqual(findEndpointProblems([kind, { file: 'src/model/chainStore.ts', text: 'export {}' }]), []);
  });

  it('fails when the resource imports a feature\'s own file, or a file outside src/', () => {
    const problems = findEndpointProblems([
      { ...kind, text: "import { PAGE_GROUP } from '../../../../src/features/pageGroups/pageGroupKind';\nimport { y } from '../../support';" },
    ]);
    assert.equal(problems.length, 2);
    assert.match(problems[0] ?? '', /src\/features\/pageGroups\/pageGroupKind, a feature's own file/);
    assert.match(problems[1] ?? '', /test\/host\/support: a list endpoint needs nothing outside its folder/);
  });

  it('fails when src/ or the manifest names it, or a file other than a suite or the test manifest imports it', () => {
    const problems = findEndpointProblems([
      kind,
      { file: 'src/features/features.ts', text: "import { FORMS_FEATURE } from '../../test/host/features/forms/formsFeature';" },
      { file: 'package.json', text: '{"views": [{"id": "pageGateway.forms"}]}' },
      { file: 'test/host/support.ts', text: "import { FORM } from './features/forms/formKind';" },
      { file: 'test/host/features/forms.test.ts', text: "import { FORMS_FEATURE } from './forms/formsFeature';" },
      { file: 'test/harness/hostManifest.ts', text: "const TEST_VIEWS = [{ id: 'pageGateway.forms' }];" },
    ]);
    assert.deepEqual(problems.map((problem) => problem.split(' ')[0]), ['src/features/features.ts', 'package.json', 'test/host/support.ts']);
  });

  it('holds for this repository', () => {
    assert.deepEqual(findEndpointProblems(readRepository(path.join(__dirname, '../../../..'))), []);
  });
});

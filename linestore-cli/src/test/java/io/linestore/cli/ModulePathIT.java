package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The command line's own jar (not the launcher's shaded one) and the jars it depends on, as Maven
 * resolves them, run alike on the module path, as the named modules they are, and on the class
 * path: commands that picocli builds by reflection, in this module and in data-gen, and the
 * implementation found as a service all work.
 */
class ModulePathIT {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final String JARS = System.getProperty("linestore.thin.jar") + File.pathSeparator
            + System.getProperty("linestore.runtime.path");

    @TempDir
    Path tmp;

    /** How the JVM is told where the jars are and what to run. */
    enum JavaPath {
        MODULE_PATH("--module-path", JARS, "--module", "io.linestore.cli/io.linestore.cli.Main"),
        CLASS_PATH("--class-path", JARS, "io.linestore.cli.Main");

        private final List<String> arguments;

        JavaPath(String... arguments) {
            this.arguments = List.of(arguments);
        }
    }

    @ParameterizedTest
    @EnumSource
    void buildsReadsDescribesVerifiesAndGenerates(JavaPath path) {
        Path text = TestStores.writeText(tmp);
        String store = tmp.resolve("store").toString();

        ProcessRun build = run(path, "build", text.toString(), store);
        ProcessRun read = run(path, "read", store, "40", "20");
        ProcessRun info = run(path, "info", store, "--json");
        ProcessRun verify = run(path, "verify", store);
        ProcessRun gen = run(path, "gen", "--lines", "100", "-o", tmp.resolve("generated.txt").toString());
        ProcessRun usage = run(path, "read", store, "-1", "20");

        assertThat(List.of(build, read, info, verify, gen))
                .allSatisfy(run -> assertThat(run.exitCode()).as(run.stderr()).isZero());
        assertThat(read.stdout())
                .isEqualTo(TestStores.joined(TestStores.lines().subList(40, 60)));
        assertThat(info.stdoutText()).contains("\"lineCount\":" + TestStores.LINE_COUNT);
        assertThat(tmp.resolve("generated.txt")).content().hasLineCount(100);
        assertThat(usage.exitCode()).isEqualTo(2);
        assertThat(usage.stderr()).contains("OFFSET").hasLineCount(1);
    }

    private ProcessRun run(JavaPath path, String... command) {
        List<String> arguments = new ArrayList<>(List.of(JAVA));
        arguments.addAll(path.arguments);
        arguments.addAll(List.of(command));
        return ProcessRun.run(tmp, Map.of(), Path.of("/dev/null"), arguments);
    }
}

package io.linestore.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RootCommandTest {

    @Test
    void withoutACommandPrintsUsageAsBadUsage() {
        Cli.Result result = Cli.run();

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err()).startsWith("Usage: linestore").contains("build", "read", "info", "verify");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void helpListsTheCommandsAndTheExitCodes() {
        Cli.Result result = Cli.run("--help");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out())
                .contains("--verbose")
                .contains("Exit codes:", "0   success", "1   failure", "2   bad usage")
                .doesNotContain("aot-training");
    }

    @ParameterizedTest
    @ValueSource(strings = {"build", "index", "append", "read", "info", "verify", "push", "gen", "demo"})
    void everyCommandHasHelpWithTheExitCodes(String command) {
        Cli.Result result = Cli.run(command, "--help");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).startsWith("Usage: linestore " + command).contains("Exit codes:", "2   bad usage");
    }

    @Test
    void everyCommandIsMadeUnderItsOwnNameAndAloneWhenNamed() {
        Map<String, CommandLine> all = LinestoreCommand.newCommandLine(quiet()).getSubcommands();

        assertThat(all.keySet()).contains("build", "read", "info", "bench", "help", "aot-training");
        all.forEach((name, command) -> {
            assertThat(command.getCommandName()).isEqualTo(name);
            if (!name.equals("help")) {
                assertThat(LinestoreCommand.newCommandLine(quiet(), "--verbose", name, "x").getSubcommands().keySet())
                        .as(name).isEqualTo(Set.of(name));
            }
        });
    }

    /** Main makes a command line for the command named only: its help must be the same as the whole one's. */
    @ParameterizedTest
    @ValueSource(strings = {"build", "index", "append", "read", "info", "verify", "push", "gen", "demo", "bench", "recommend"})
    void aCommandAloneHasTheSameHelpAsInTheWholeCommandLine(String command) {
        String alone = help(LinestoreCommand.newCommandLine(quiet(), command, "--help"), command);

        assertThat(alone).isEqualTo(help(LinestoreCommand.newCommandLine(quiet()), command));
        assertThat(alone).contains("-h, --help", "-V, --version", "--verbose", "Exit codes:");
    }

    /** Annotations cost a short command most of its start-up: nothing it builds may come from one. */
    @ParameterizedTest
    @ValueSource(strings = {"read", "info"})
    void shortCommandsAreDescribedWithoutAnnotations(String command) {
        CommandLine root = LinestoreCommand.newCommandLine(quiet(), command, "x");

        for (CommandSpec spec : List.of(root.getCommandSpec(), root.getSubcommands().get(command).getCommandSpec())) {
            assertThat(spec.mixins()).as(spec.qualifiedName()).isEmpty();
            assertThat(spec.args()).as(spec.qualifiedName()).isNotEmpty()
                    .allSatisfy(arg -> assertThat(arg.userObject()).as(arg.toString()).isNull());
        }
    }

    private static String help(CommandLine commandLine, String command) {
        StringWriter out = new StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        assertThat(commandLine.execute(command, "--help")).isZero();
        return out.toString();
    }

    private static StandardStreams quiet() {
        return new StandardStreams(InputStream.nullInputStream(), OutputStream.nullOutputStream(),
                new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8), false);
    }

    @Test
    void anUnknownCommandIsBadUsageInOneLineWithAHint() {
        Cli.Result result = Cli.run("reed");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err().lines()).hasSize(1);
        assertThat(result.err()).contains("'reed'").contains("linestore --help");
    }

    @Test
    void versionNamesTheToolItsRuntimeAndItsCodecs() {
        Cli.Result result = Cli.run("--version");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).startsWith("linestore ");
        assertThat(result.out().lines()).anyMatch(line -> line.startsWith("runtime: Java " + Runtime.version()));
        assertThat(result.out()).contains("codec zstd: zstd-jni (its native library loaded)")
                .contains("codec gzip: the system's zlib");
        assertThat(Cli.run("-V").out()).isEqualTo(result.out());
        assertThat(Cli.run("--version", "--help").out()).contains("Usage: linestore", "read", "build");
    }
}

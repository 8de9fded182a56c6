package io.linestore.dist;

import io.linestore.cli.LinestoreCommand;
import io.linestore.cli.StandardStreams;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * Writes what the release archive holds besides code, from the same picocli model that prints
 * {@code --help}, so that neither can disagree with it: the manual pages as AsciiDoc (picocli-codegen's
 * {@link ManPageGenerator}: {@code linestore.adoc} and one {@code linestore-COMMAND.adoc} per command,
 * which the build turns into troff), the bash completion script (picocli's {@link AutoComplete}, which
 * zsh runs through {@code bashcompinit}), and the home of the Java runtime it ran on, from which the
 * build links the archive's runtime.
 */
public final class Manuals {

    private Manuals() {
    }

    /**
     * Writes the files.
     *
     * @param args {@code ADOC_DIR COMPLETION_FILE JAVA_HOME_FILE}
     * @throws IOException if writing fails
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            throw new IllegalArgumentException("usage: Manuals ADOC_DIR COMPLETION_FILE JAVA_HOME_FILE");
        }
        // The archive holds no benchmarks: its launcher says so to the command line, and so does this.
        System.setProperty(LinestoreCommand.WITHOUT_BENCHMARKS, "true");
        StandardStreams streams = new StandardStreams(new ByteArrayInputStream(new byte[0]),
                new ByteArrayOutputStream(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                false);
        CommandLine linestore = LinestoreCommand.newCommandLine(streams);
        Path adoc = Files.createDirectories(Path.of(args[0]));
        int status = ManPageGenerator.generateManPage(adoc.toFile(), null, new boolean[0], true,
                linestore.getCommandSpec());
        if (status != 0) {
            throw new IOException("picocli's manual page generator failed with status " + status);
        }
        Path completion = Path.of(args[1]);
        Files.createDirectories(completion.toAbsolutePath().getParent());
        Files.writeString(completion, AutoComplete.bash("linestore", linestore), StandardCharsets.UTF_8);
        Files.writeString(Path.of(args[2]), System.getProperty("java.home") + "\n", StandardCharsets.UTF_8);
    }
}

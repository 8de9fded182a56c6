package io.linestore.cli;

import io.linestore.LineStores;
import io.linestore.cli.command.StoreArgument;
import io.linestore.cli.common.ExitCodes;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;
import picocli.CommandLine;

/** The {@code linestore} executable: runs the command line and exits with its status. */
public final class Main {

    /** The implementation the command line runs with (linestore-impl, a run-time dependency only). */
    static final String IMPLEMENTATION = "io.linestore.impl.DefaultLineStoreProvider";

    /** picocli's switch for its probe of Groovy's {@code Closure} class. */
    static final String PICOCLI_NO_CLOSURES = "picocli.disable.closures";

    private Main() {
    }

    /**
     * Runs {@code linestore} with the process's streams and exits with the command's status
     * (0 ok, 1 failure, 2 bad usage): returns on success, calls {@link System#exit} otherwise.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        avoidClassPathSearches();
        prepareIndex(args);
        StandardStreams streams = StandardStreams.system();
        int status = run(streams, args, () -> LinestoreCommand.newCommandLine(streams, args));
        // A success returns: System.exit asks for the JDK's logger of exits, whose service lookup
        // reads the jar's central directory (about 10 ms). Every command has closed what it opened, so
        // no thread keeps the JVM up.
        if (status != ExitCodes.OK) {
            System.exit(status);
        }
    }

    /**
     * Runs one command line: a {@link PlainRead} or a {@link PlainIndex} without picocli, anything else
     * through picocli.
     *
     * @param streams the byte streams of the run
     * @param args the command line
     * @param commandLine makes the picocli command line for {@code args}, set up as the caller wants it
     * @return the exit code
     */
    static int run(StandardStreams streams, String[] args, Supplier<CommandLine> commandLine) {
        Optional<PlainRead> read = PlainRead.of(args);
        if (read.isPresent()) {
            return read.get().run(streams, commandLine);
        }
        Optional<PlainIndex> index = PlainIndex.of(args);
        return index.isPresent() ? index.get().run(streams, commandLine) : commandLine.get().execute(args);
    }

    /**
     * For {@code index FILE}: starts what indexing the file needs first while the command line is
     * read and the index set up (for a gzip file, linking zlib: most of a short index's start-up). The
     * first argument after {@code index} that names a regular file is taken; the command still checks
     * them all.
     */
    static void prepareIndex(String[] args) {
        if (args.length < 2 || !args[0].equals("index")) {
            return;
        }
        for (int i = 1; i < args.length; i++) {
            if (!args[i].startsWith("-") && !new StoreArgument(args[i]).isUri()) {
                Path file;
                try {
                    file = Path.of(args[i]);
                } catch (InvalidPathException e) {
                    continue; // picocli reports it
                }
                if (Files.isRegularFile(file)) {
                    try {
                        LineStores.prepareIndex(file);
                    } catch (RuntimeException e) {
                        // A head start only: the command reports what is wrong with the implementation.
                    }
                    return;
                }
            }
        }
    }

    /**
     * Names the implementation instead of having it looked for (on the class path), and turns off
     * picocli's look for Groovy, unless the user set either. Each look is a search of the class path for a name, which
     * reads the central directory of the command-line jar (3,800 entries): with the start-up cache
     * holding every class a short command needs, that was the largest part of its start-up
     * (docs/benchmarks.md).
     */
    static void avoidClassPathSearches() {
        // On the module path the implementation's package is not exported, and the service lookup
        // reads module descriptors, not jars: nothing to save there.
        if (!Main.class.getModule().isNamed() && System.getProperty(LineStores.PROVIDER_PROPERTY) == null) {
            System.setProperty(LineStores.PROVIDER_PROPERTY, IMPLEMENTATION);
        }
        if (System.getProperty(PICOCLI_NO_CLOSURES) == null) {
            System.setProperty(PICOCLI_NO_CLOSURES, "true");
        }
    }
}

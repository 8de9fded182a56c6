package io.linestore.cli;

import com.google.common.io.MoreFiles;
import com.google.common.io.RecursiveDeleteOption;
import io.linestore.ReadMethod;
import io.linestore.cli.command.ReadMethodOption;
import io.linestore.cli.common.ExitCodes;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code linestore aot-training} (hidden): runs the common commands once each, in this JVM, on a
 * small temporary store, printing nothing. The launcher runs it under
 * {@code -XX:AOTCacheOutput} so the JDK records the classes and profiles a command needs.
 *
 * <p>Every class in a cache is loaded at each start, whether the command uses it or not, so the
 * launcher keeps a cache for each short command (a plain {@code read} of a store and one of a file
 * indexed in place, which never make picocli's model, a {@code read} with options, {@code info}, and
 * help with {@code --version}), which must
 * carry neither what building a store loads nor what the others load, and one for all other
 * commands. A short command's training runs in two JVMs:
 * {@code --prepare DIR} writes the text and builds the stores (not recorded), then
 * {@code --short COMMAND DIR} runs that command's forms on them (recorded). Without an option it
 * runs every command on a store of its own.
 */
@Command(name = "aot-training", hidden = true,
        description = "Runs the common commands on a small temporary store, for the launcher's start-up cache.")
public final class AotTrainingCommand implements Callable<Integer> {

    private static final int LINES = 2_000;

    @Option(names = "--prepare", paramLabel = "DIR",
            description = "Writes the text and builds the stores the short commands read into DIR, and stops.")
    private Path prepare;

    @Option(names = "--short", arity = "2", paramLabel = "COMMAND DIR", hideParamSyntax = true,
            description = "Runs the forms of one short command (read, read-file, read-options, info or help) on what --prepare"
                    + " wrote into DIR.")
    private List<String> shortOnly;

    /** Made by picocli. */
    public AotTrainingCommand() {
    }

    /**
     * Runs the commands.
     *
     * @return 0 when every command that should succeed did, 1 otherwise
     * @throws IOException if the temporary files cannot be written or removed
     */
    @Override
    public Integer call() throws IOException {
        if (prepare != null) {
            return runAll(new Inputs(prepare).write().commandsThatWrite());
        }
        if (shortOnly != null) {
            String command = shortOnly.get(0);
            Inputs inputs = new Inputs(Path.of(shortOnly.get(1)));
            return runShort(inputs, inputs.shortCommands().stream().filter(args -> form(args).equals(command))
                    .toList(), List.of());
        }
        Path directory = Files.createTempDirectory("linestore-aot-training-");
        try {
            Inputs inputs = new Inputs(directory).write();
            return runAll(inputs.commandsThatWrite()) == ExitCodes.OK
                    ? runShort(inputs, inputs.shortCommands(), inputs.otherCommands()) : ExitCodes.FAILURE;
        } finally {
            MoreFiles.deleteRecursively(directory, RecursiveDeleteOption.ALLOW_INSECURE);
        }
    }

    /**
     * Which short command a command line is: its subcommand, {@code help} for the root's options, and
     * for {@code read} one of three: {@code read}, a {@link PlainRead} of a store (a directory),
     * {@code read-file}, a plain read of a file indexed in place (text, {@code .gz}, {@code .zst}),
     * whose decoders a store's read never loads, or {@code read-options}, which runs through picocli:
     * each has a cache of its own. The launcher tells them apart the same way (the directory test is
     * bash's {@code -d}).
     */
    static String form(List<String> args) {
        String first = args.getFirst();
        if (first.startsWith("-")) {
            return "help";
        }
        if (!first.equals("read")) {
            return first;
        }
        if (PlainRead.of(args.toArray(String[]::new)).isEmpty()) {
            return "read-options";
        }
        return Files.isDirectory(Path.of(args.get(1))) ? "read" : "read-file";
    }

    /**
     * Runs {@code reads}, then {@code more}, then, when {@code reads} has reads, one with a bad argument
     * (so that the error path is cached too; it fails on purpose).
     */
    private static int runShort(Inputs inputs, List<List<String>> reads, List<List<String>> more) {
        int status = runAll(reads);
        status = Math.max(status, runAll(more));
        if (reads.stream().anyMatch(args -> form(args).equals("read-options"))) {
            runQuietly(List.of("read", inputs.input().toString(), "-1", "1"));
        }
        return reads.isEmpty() ? ExitCodes.FAILURE : status;
    }

    /**
     * The {@link PlainRead}s of one form of what {@code --prepare} wrote into {@code directory}, for
     * {@link PlainReadTraining}.
     *
     * @param directory the directory {@code --prepare} wrote
     * @param form {@code read} for the stores' reads, {@code read-file} for the files' (see {@link #form})
     * @return the command lines
     */
    static List<List<String>> plainReads(Path directory, String form) {
        return new Inputs(directory).plainReads().stream().filter(args -> form(args).equals(form)).toList();
    }

    private static int runAll(List<List<String>> commands) {
        boolean allOk = true;
        for (List<String> args : commands) {
            allOk &= runQuietly(args) == ExitCodes.OK;
        }
        return allOk ? ExitCodes.OK : ExitCodes.FAILURE;
    }

    /** The files the training reads and writes, under one directory. */
    private record Inputs(Path input, Path gzip, Path single, Path sharded, Path compressed, Path requests) {

        Inputs(Path directory) {
            this(directory.resolve("input.txt"), directory.resolve("input.txt.gz"), directory.resolve("single"),
                    directory.resolve("sharded"), directory.resolve("compressed"), directory.resolve("requests.txt"));
        }

        Inputs write() throws IOException {
            Files.writeString(input, IntStream.range(0, LINES)
                    .mapToObj(i -> "line " + i + " \u00e9t\u00e9 " + "x".repeat(i % 97))
                    .collect(Collectors.joining("\n", "", "\n")), StandardCharsets.UTF_8);
            // Text that compresses as logs do, not as the repetitive input: many deflate blocks, most
            // starting inside a byte, so that reads enter blocks every way a user's file has them.
            SplittableRandom random = new SplittableRandom(LINES);
            try (Writer out = new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(gzip)),
                    StandardCharsets.UTF_8)) {
                for (int i = 0; i < LINES; i++) {
                    out.write("line " + i + " " + Long.toHexString(random.nextLong()) + " \u00e9t\u00e9 "
                            + Long.toString(random.nextLong(), 36) + "\n");
                }
            }
            Files.writeString(requests, "0 3\n1990 20\n7 1\n");
            return this;
        }

        List<List<String>> commandsThatWrite() {
            return List.of(List.of("build", input.toString(), single.toString()),
                    List.of("build", input.toString(), sharded.toString(), "--layout", "sharded",
                            "--shard-lines", "300", "--index-stride", "16"),
                    List.of("build", input.toString(), compressed.toString(), "--compress", "zstd", "--index",
                            "compact"),
                    List.of("index", input.toString()),
                    List.of("index", gzip.toString(), "--span", "16KiB"));
        }

        List<List<String>> shortCommands() {
            List<List<String>> commands = new ArrayList<>();
            commands.add(List.of("--version"));
            commands.add(List.of("--help"));
            commands.add(List.of("help", "read"));
            commands.add(List.of("read", "--help"));
            commands.add(List.of("info", "--help"));
            commands.addAll(plainReads());
            for (Path store : List.of(single, sharded, compressed)) {
                for (String reader : new ReadMethodOption()) {
                    commands.add(List.of("read", store.toString(), "1000", "10", "--reader", reader));
                }
                commands.add(List.of("read", store.toString(), "0", "5", "--number",
                        "--reader", ReadMethod.AUTO.name()));
                commands.add(List.of("info", store.toString()));
                commands.add(List.of("info", store.toString(), "--json"));
                commands.add(List.of("read", store.toString(), "--ranges", requests.toString()));
            }
            return commands;
        }

        /**
         * The {@link PlainRead}s: of the indexed text, the indexed gzip file and each store; the gzip
         * file at several lines too, so that blocks entered on a byte and inside one, with a window and
         * without, are all decoded (a class first used by a user's read is loaded from the jar).
         */
        List<List<String>> plainReads() {
            Stream<List<String>> gzipAt = Stream.of("0", "400", "700", "1400", "1990")
                    .map(line -> List.of("read", gzip.toString(), line, "10"));
            return Stream.concat(Stream.of(input, gzip, single, sharded, compressed)
                    .map(file -> List.of("read", file.toString(), "1000", "10")), gzipAt)
                    .toList();
        }

        List<List<String>> otherCommands() {
            return List.of(List.of("verify", single.toString()), List.of("verify", sharded.toString()),
                    List.of("verify", compressed.toString()));
        }
    }

    private static int runQuietly(List<String> args) {
        StandardStreams quiet = new StandardStreams(
                InputStream.nullInputStream(), OutputStream.nullOutputStream(),
                new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8), false);
        String[] arguments = args.toArray(String[]::new);
        // As Main runs it (a plain read or index without picocli, the named command only otherwise), so the cache
        // holds what a real run loads.
        return Main.run(quiet, arguments, () -> {
            CommandLine commandLine = LinestoreCommand.newCommandLine(quiet, arguments);
            commandLine.setOut(new PrintWriter(Writer.nullWriter()));
            commandLine.setErr(new PrintWriter(Writer.nullWriter()));
            return commandLine;
        });
    }
}

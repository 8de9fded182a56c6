package io.linestore.cli;

import com.google.common.io.MoreFiles;
import com.google.common.io.RecursiveDeleteOption;
import io.linestore.ReadMethod;
import io.linestore.cli.command.ReadMethodOption;
import io.linestore.cli.common.ExitCodes;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import picocli.CommandLine.Command;

/**
 * {@code linestore aot-training} (hidden): runs the common commands once each, in this JVM, on a
 * small temporary store, printing nothing. The launcher runs it under
 * {@code -XX:AOTCacheOutput} so the JDK records the classes and profiles a short command needs,
 * whichever command the user runs first.
 */
@Command(name = "aot-training", hidden = true,
        description = "Runs the common commands on a small temporary store, for the launcher's start-up cache.")
public final class AotTrainingCommand implements Callable<Integer> {

    private static final int LINES = 2_000;

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
        Path directory = Files.createTempDirectory("linestore-aot-training-");
        try {
            Path input = directory.resolve("input.txt");
            Files.writeString(input, IntStream.range(0, LINES)
                    .mapToObj(i -> "line " + i + " \u00e9t\u00e9 " + "x".repeat(i % 97))
                    .collect(Collectors.joining("\n", "", "\n")), StandardCharsets.UTF_8);
            Path requests = Files.writeString(directory.resolve("requests.txt"), "0 3\n1990 20\n7 1\n");
            boolean allOk = true;
            for (List<String> args : commands(input, directory.resolve("single"), directory.resolve("sharded"), requests)) {
                allOk &= runQuietly(args) == ExitCodes.OK;
            }
            runQuietly(List.of("read", input.toString(), "-1", "1"));
            return allOk ? ExitCodes.OK : ExitCodes.FAILURE;
        } finally {
            MoreFiles.deleteRecursively(directory, RecursiveDeleteOption.ALLOW_INSECURE);
        }
    }

    private static List<List<String>> commands(Path input, Path single, Path sharded, Path requests) {
        List<List<String>> commands = new ArrayList<>();
        commands.add(List.of("--version"));
        commands.add(List.of("--help"));
        commands.add(List.of("read", "--help"));
        commands.add(List.of("info", "--help"));
        commands.add(List.of("build", input.toString(), single.toString()));
        commands.add(List.of("build", input.toString(), sharded.toString(), "--layout", "sharded",
                "--shard-lines", "300", "--index-stride", "16"));
        commands.add(List.of("index", input.toString()));
        commands.add(List.of("read", input.toString(), "1000", "10"));
        for (Path store : List.of(single, sharded)) {
            for (String reader : new ReadMethodOption()) {
                commands.add(List.of("read", store.toString(), "1000", "10", "--reader", reader));
            }
            commands.add(List.of("read", store.toString(), "0", "5", "--number",
                    "--reader", ReadMethod.AUTO.name()));
            commands.add(List.of("info", store.toString()));
            commands.add(List.of("info", store.toString(), "--json"));
            commands.add(List.of("verify", store.toString()));
            commands.add(List.of("read", store.toString(), "--ranges", requests.toString()));
        }
        return commands;
    }

    private static int runQuietly(List<String> args) {
        StandardStreams quiet = new StandardStreams(
                InputStream.nullInputStream(), OutputStream.nullOutputStream(),
                new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8), false);
        String[] arguments = args.toArray(String[]::new);
        // As Main makes it: with the named command only, so the cache holds what a real run loads.
        var commandLine = LinestoreCommand.newCommandLine(quiet, arguments);
        commandLine.setOut(new PrintWriter(Writer.nullWriter()));
        commandLine.setErr(new PrintWriter(Writer.nullWriter()));
        return commandLine.execute(arguments);
    }
}

package io.linestore.cli;

import io.linestore.cli.common.ExitCodes;
import java.nio.file.Path;
import java.util.List;

/**
 * The launcher's recorded run for the start-up cache of a plain {@code read} ({@link PlainRead}):
 * runs {@link Main} itself, as a user's plain read does, on each store (form {@code read}) or each file
 * indexed in place (form {@code read-file}) that {@code aot-training --prepare DIR} wrote, so the cache
 * holds exactly that path (its lambdas included, which the JDK otherwise spins at run time) and not
 * the hundreds of picocli's classes that {@code aot-training}, itself a picocli command, would put
 * into it (a few that linking {@code ReadCommand} needs stay): every class in a cache is loaded at
 * each start, and a store's read loads no decoder of files indexed in place. The lines read go to
 * standard output.
 */
public final class PlainReadTraining {

    private PlainReadTraining() {
    }

    /**
     * Runs the reads; a read that fails exits the JVM as {@link Main} does (the launcher then records
     * what ran).
     *
     * @param args the form ({@code read} or {@code read-file}) and the directory
     *     {@code aot-training --prepare} wrote
     */
    public static void main(String[] args) {
        if (args.length != 2 || !(args[0].equals("read") || args[0].equals("read-file"))) {
            System.err.println("usage: java -cp linestore.jar " + PlainReadTraining.class.getName()
                    + " read|read-file DIR");
            System.exit(ExitCodes.USAGE);
        }
        for (List<String> read : AotTrainingCommand.plainReads(Path.of(args[1]), args[0])) {
            Main.main(read.toArray(String[]::new));
        }
    }
}

package io.linestore.cli;

/** The {@code linestore} executable: runs the command line and exits with its status. */
public final class Main {

    private Main() {
    }

    /**
     * Runs {@code linestore} with the process's streams and exits with the command's status
     * (0 ok, 1 failure, 2 bad usage).
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(LinestoreCommand.newCommandLine(StandardStreams.system(), args).execute(args));
    }
}

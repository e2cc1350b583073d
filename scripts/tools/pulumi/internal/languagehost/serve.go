package languagehost

import (
	"fmt"
	"os"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
)

// Serve serves runtime as the LanguageRuntime gRPC service on a free port of
// 127.0.0.1 (chosen by the kernel, through rpcutil.ServeWithOptions), prints
// that port as the first line of stdout, where the engine reads it, and
// returns when the server stops without an error.
//
// When the server cannot start, or stops with an error, it prints
// "<host>: ..." to stderr and exits with code 1; host is the executable's
// name (e.g. "pulumi-language-nodejs").
func Serve(host string, runtime pulumirpc.LanguageRuntimeServer) {
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, runtime)
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: could not start the gRPC server: %v\n", host, err)
		os.Exit(1)
	}
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "%s: gRPC server stopped: %v\n", host, err)
		os.Exit(1)
	}
}

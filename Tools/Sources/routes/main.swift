import RoutesCLI

RoutesCommand.main()
